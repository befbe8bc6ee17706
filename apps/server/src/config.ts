import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Brand,
  brandSchema,
  type CrisisLines,
  DEFAULT_BRANDS,
  DEFAULT_CRISIS_LINES,
  LIMIT_TIERS,
  type LimitTier,
  PREVIEW_CLIP_COUNT,
  parseCrisisLines,
  TIER_LIMITS,
} from '@podruga/shared';
import { z } from 'zod';

/** The built web app sits at apps/web/dist both from src/ (tests, tsx) and from dist/ (the bundle). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const IMAGE_PROVIDERS = ['offline', 'venice', 'automatic1111'] as const;
type ImageProviderName = (typeof IMAGE_PROVIDERS)[number];
/** How Automatic1111/Forge keeps her face: an IP-Adapter unit of ControlNet, image-to-image, or nothing. */
const A1111_REFERENCE_MODES = ['ip-adapter', 'img2img', 'off'] as const;
export type A1111ReferenceMode = (typeof A1111_REFERENCE_MODES)[number];
const VIDEO_PROVIDERS = ['offline', 'venice'] as const;
type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];
const VENICE_BASE_URL = 'https://api.venice.ai/api/v1';
const STT_PROVIDERS = ['offline', 'openai'] as const;
type SttProviderName = (typeof STT_PROVIDERS)[number];
const TTS_PROVIDERS = ['offline', 'openai', 'elevenlabs'] as const;
type TtsProviderName = (typeof TTS_PROVIDERS)[number];
const ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
/** How voice calls are carried (issue 15): ElevenLabs agents, or our own STT → LLM → TTS pipeline. */
const VOICE_CALL_PROVIDERS = ['elevenlabs', 'pipeline'] as const;
type VoiceCallProviderName = (typeof VOICE_CALL_PROVIDERS)[number];
/** The agent's LLM and voice model when unset: ones ElevenLabs documents for its agents. */
const ELEVENLABS_AGENT_LLM = 'gemini-2.0-flash';
const ELEVENLABS_AGENT_TTS_MODEL = 'eleven_flash_v2_5';
/** The model each TTS adapter asks when TTS_MODEL is unset. */
const TTS_MODELS: Record<TtsProviderName, string> = {
  offline: 'espeak-ng',
  openai: 'gpt-4o-mini-tts',
  elevenlabs: 'eleven_multilingual_v2',
};

const LLM_PROVIDERS = ['offline', 'openai'] as const;
type LlmProviderName = (typeof LLM_PROVIDERS)[number];

const MODERATION_PROVIDERS = ['offline', 'openai', 'guard'] as const;
type ModerationProviderName = (typeof MODERATION_PROVIDERS)[number];
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The /moderations model when MODERATION_MODEL is unset. */
const OPENAI_MODERATION_MODEL = 'omni-moderation-latest';
/**
 * The guard model on a guard service of its own (MODERATION_BASE_URL) when MODERATION_MODEL is unset.
 * On the chat model's endpoint the default is the chat model itself: that endpoint is known to serve it
 * (docs/decisions/0033-guard-model.md).
 */
const DEDICATED_GUARD_MODEL = 'meta-llama/Llama-Guard-3-8B';

/** How a guard model is asked and how its answer reads (providers/moderation/guard.ts). */
export const GUARD_FORMATS = ['llama-guard', 'qwen3guard', 'shieldgemma', 'json'] as const;
export type GuardFormat = (typeof GUARD_FORMATS)[number];

/** MODERATION_FORMAT when unset: the guard families by their names, any other model gets our JSON prompt. */
export function inferGuardFormat(model: string): GuardFormat {
  if (/llama[-_ .]?guard/i.test(model)) return 'llama-guard';
  if (/qwen3?[-_ .]?guard/i.test(model)) return 'qwen3guard';
  if (/shield[-_ .]?gemma/i.test(model)) return 'shieldgemma';
  return 'json';
}

/** The payment providers' public API addresses (docs/PROVIDERS.md §1–§2); each can be overridden. */
const NOWPAYMENTS_BASE_URL = 'https://api.nowpayments.io/v1';
const PLATEGA_BASE_URL = 'https://app.platega.io';
const TWINPAY_BASE_URL = 'https://lk.twinpay.cloud/api/v2';
const CACTUSPAY_BASE_URL = 'https://lk.cactuspay.pro/api/';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })
    .optional();
const bool = z.string().transform((v, ctx) => {
  const word = v.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

/**
 * Every environment variable the server reads: its parser, its default and what it is for. README's
 * env table is generated from this list and a test keeps them equal, so it is the single reference.
 */
const ENV = {
  PORT: {
    default: '8080',
    description: 'HTTP port to listen on',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1).max(65535),
  },
  HOST: { default: '0.0.0.0', description: 'Interface to listen on', schema: z.string().min(1) },
  DATA_DIR: {
    default: './data',
    description: 'Folder for the embedded database, generated keys and the offline mail outbox',
    schema: z.string().min(1),
  },
  DATABASE_URL: {
    default: null,
    description: 'PostgreSQL connection URL; unset = embedded PGlite in DATA_DIR/pglite',
    schema: optionalUrl(['postgres:', 'postgresql:']),
  },
  DATABASE_POOL_SIZE: {
    default: '40',
    description:
      "With DATABASE_URL: connections each instance keeps to PostgreSQL at most. Instances × this must stay under the server's max_connections (100 by default); with node-postgres's 10, the first token at 1,000 chats waited ~3 s for a connection (decision 0032)",
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1).max(1000),
  },
  PGLITE_SHARED_BUFFERS: {
    default: '16MB',
    description:
      "PostgreSQL's shared_buffers inside the embedded PGlite (no DATABASE_URL), 128kB–1GB: its page cache, held resident from the start (PGlite's own default, 128MB, took the process from ~265 to ~390 MB idle)",
    schema: z.string().transform((v, ctx) => {
      const match = /^(\d+)\s*(kB|MB|GB)$/i.exec(v);
      const unit = match?.[2]?.toLowerCase();
      const kb = match
        ? Number(match[1]) * (unit === 'gb' ? 1024 * 1024 : unit === 'mb' ? 1024 : 1)
        : Number.NaN;
      // 128kB is PostgreSQL's floor (16 pages); PGlite's WebAssembly memory stops at 2 GB.
      if (kb >= 128 && kb <= 1024 * 1024) return `${kb}kB`;
      ctx.addIssue({ code: 'custom', message: 'must be a size from 128kB to 1GB, e.g. 16MB' });
      return z.NEVER;
    }),
  },
  PGLITE_WASM_TIER_UP: {
    default: 'off',
    description:
      'With PGlite (no DATABASE_URL): let V8 recompile hot WebAssembly with its optimising compiler, for the whole process (faster offline clips and voice, complex queries; ~40 MB more resident, memory the compiler leaves behind). Always on with PostgreSQL',
    schema: bool,
  },
  REDIS_URL: {
    default: null,
    description:
      'Redis URL, shared by all instances for rate limits, socket.io rooms and the job queue (BullMQ); unset = per-process memory and jobs run in-process',
    schema: optionalUrl(['redis:', 'rediss:']),
  },
  REDIS_PREFIX: {
    default: 'podruga',
    description:
      'Namespace of every Redis key and channel (jobs, rate limits, socket.io rooms, live replies): deployments sharing one Redis take their own',
    schema: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _ . - only, up to 40'),
  },
  PUBLIC_URL: {
    default: null,
    description:
      'Public base URL for links in e-mails; unset = the request host when it is a brand host or localhost, else http://localhost:PORT',
    schema: optionalUrl(['http:', 'https:']),
  },
  JWT_SECRET: {
    default: null,
    description:
      'Secret for signing sessions (32+ characters); unset = generated once, kept in the database (shared by every instance) and DATA_DIR/keys/jwt.secret',
    schema: z.string().min(32, 'must be at least 32 characters').optional(),
  },
  SMTP_URL: {
    default: null,
    description: 'SMTP server for outgoing mail (smtp:// or smtps://); unset = .eml files in DATA_DIR/outbox',
    schema: optionalUrl(['smtp:', 'smtps:']),
  },
  MAIL_FROM: {
    default: null,
    description: 'Sender address of e-mails; unset = no-reply@ the first brand host',
    schema: z.email({ message: 'must be an e-mail address' }).optional(),
  },
  DEBUG_ROUTES_SECRET: {
    default: null,
    description: 'Enables the debug pages for whoever enters this secret; unset = debug pages off',
    schema: z.string().min(8, 'must be at least 8 characters').optional(),
  },
  ADMIN_EMAILS: {
    default: null,
    description:
      'Comma-separated e-mails of the admins (the affiliate report): a registered account with one of them, confirmed; unset = no admins',
    schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .optional(),
  },
  MAINTENANCE_MODE: {
    default: 'false',
    description: 'When true every API call except /api/health answers 503',
    schema: bool,
  },
  BRANDS: {
    default: null,
    description:
      'JSON array of brands {id, hosts, logoText, title, supportEmail, supportTelegram?}; unset = the two built-in brands',
    schema: z
      .string()
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.array(brandSchema).min(1, 'must list at least one brand'))
      .optional(),
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'true to trust X-Forwarded-* from any proxy, or the number of proxy hops in front of the server',
    schema: z.string().transform((v, ctx) => {
      if (/^\d+$/.test(v)) return Number(v);
      const word = v.toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true, false or a number of hops' });
      return z.NEVER;
    }),
  },
  LOG_LEVEL: {
    default: 'info',
    description: `Log level: ${LOG_LEVELS.join(', ')}`,
    schema: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }),
  },
  LOG_PRETTY: {
    default: null,
    description:
      'true for human-readable logs, false for JSON lines; unset = readable when stdout is a terminal',
    schema: bool.optional(),
  },
  MEDIA_BASE_URL: {
    default: null,
    description: 'Base URL of the separate media host; unset = media served by this server',
    schema: optionalUrl(['http:', 'https:']),
  },
  S3_BUCKET: {
    default: null,
    description:
      'Media (portraits, photos, videos, audio) in this S3-compatible bucket, shared by every instance; unset = the local folder DATA_DIR/media',
    schema: z.string().min(3, 'must be a bucket name').optional(),
  },
  S3_ENDPOINT: {
    default: null,
    description: 'The S3-compatible endpoint (MinIO, Ceph, R2…); unset = AWS',
    schema: optionalUrl(['http:', 'https:']),
  },
  S3_REGION: {
    default: 'us-east-1',
    description: "The bucket's region",
    schema: z.string().min(1),
  },
  S3_ACCESS_KEY_ID: {
    default: null,
    description: "S3 access key; unset = the SDK's own credential chain (environment, instance role)",
    schema: z.string().optional(),
  },
  S3_SECRET_ACCESS_KEY: {
    default: null,
    description: 'S3 secret key',
    schema: z.string().optional(),
  },
  S3_FORCE_PATH_STYLE: {
    default: 'false',
    description: 'Path-style addresses (https://host/bucket/key), as MinIO and most self-hosted stores need',
    schema: bool,
  },
  IMAGE_PROVIDER: {
    default: 'offline',
    description:
      'Image generation: offline (a drawn stand-in portrait), venice (Venice-style /image/generate) or automatic1111 (/sdapi/v1/txt2img)',
    schema: z.enum(IMAGE_PROVIDERS, { message: `must be one of ${IMAGE_PROVIDERS.join(', ')}` }),
  },
  IMAGE_BASE_URL: {
    default: null,
    description:
      'Base URL of the image service; unset = https://api.venice.ai/api/v1 for venice (required for automatic1111)',
    schema: optionalUrl(['http:', 'https:']),
  },
  IMAGE_API_KEY: {
    default: null,
    description: 'Bearer key of the image service (required for venice)',
    schema: z.string().min(1).optional(),
  },
  IMAGE_TIMEOUT_MS: {
    default: '120000',
    description: 'How long one image generation may take before it counts as failed, in milliseconds',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1000).max(600_000),
  },
  IMAGE_REFERENCE_MODE: {
    default: 'ip-adapter',
    description:
      'Automatic1111/Forge only: how her portrait keeps her face in photos — ip-adapter (a ControlNet IP-Adapter unit), img2img (the portrait as the init image) or off (seed and traits only)',
    schema: z.enum(A1111_REFERENCE_MODES, { message: `must be one of ${A1111_REFERENCE_MODES.join(', ')}` }),
  },
  IMAGE_IP_ADAPTER_MODEL: {
    default: 'ip-adapter-faceid-plusv2_sdxl [187cb962]',
    description:
      'Automatic1111/Forge with IMAGE_REFERENCE_MODE=ip-adapter: the ControlNet model of the IP-Adapter unit',
    schema: z.string().min(1).max(200),
  },
  IMAGE_IP_ADAPTER_MODULE: {
    default: 'ip-adapter_face_id_plus',
    description:
      'Automatic1111/Forge with IMAGE_REFERENCE_MODE=ip-adapter: the ControlNet preprocessor of the IP-Adapter unit',
    schema: z.string().min(1).max(200),
  },
  PHOTOS_PER_DAY: {
    default: 'guest:3,free:5,verified:10,pwa:10,plus:100,vip:300',
    description:
      'Photos of her a user may ask for per Moscow day, per tier (tier:number, comma-separated); Plus and VIP are shown as unlimited (a fair-use number)',
    schema: z.string().regex(/^(\s*[a-z]+\s*:\s*\d+\s*)(,\s*[a-z]+\s*:\s*\d+\s*)*$/, {
      message: 'must look like guest:3,free:5',
    }),
  },
  VIDEO_PROVIDER: {
    default: 'offline',
    description:
      'Videos of her: offline (a short pan-and-zoom clip of her portrait, marked as a demo) or venice (Venice-style /video/queue job API)',
    schema: z.enum(VIDEO_PROVIDERS, { message: `must be one of ${VIDEO_PROVIDERS.join(', ')}` }),
  },
  VIDEO_BASE_URL: {
    default: null,
    description: 'Base URL of the video service; unset = https://api.venice.ai/api/v1 for venice',
    schema: optionalUrl(['http:', 'https:']),
  },
  VIDEO_API_KEY: {
    default: null,
    description: 'Bearer key of the video service (required for venice)',
    schema: z.string().min(1).optional(),
  },
  VIDEO_MODEL: {
    default: 'wan-2.2-a14b-image-to-video',
    description: 'The video model asked for (image-to-video: her portrait is the first frame)',
    schema: z.string().min(1).max(200),
  },
  PREVIEW_CLIPS: {
    default: 'on',
    description:
      "Make the video preview dialog's 20 clips (/vids/001.mp4 … 020.mp4) from the ready-made companions at start, through the video port: on (all 20), off (none: the dialog says the examples are unavailable), or a number 1–20 (the first ones; the dialog skips the rest)",
    schema: z.string().transform((v, ctx) => {
      const word = v.toLowerCase();
      if (TRUE_WORDS.includes(word)) return PREVIEW_CLIP_COUNT;
      if (FALSE_WORDS.includes(word)) return 0;
      const n = Number(word);
      if (Number.isInteger(n) && n >= 0 && n <= PREVIEW_CLIP_COUNT) return n;
      ctx.addIssue({ code: 'custom', message: `must be on, off or a number 0–${PREVIEW_CLIP_COUNT}` });
      return z.NEVER;
    }),
  },
  VIDEO_TIMEOUT_MS: {
    default: '30000',
    description: 'How long one call to the video service (submit or poll) may take, in milliseconds',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1000).max(600_000),
  },
  STT_PROVIDER: {
    default: 'offline',
    description:
      "Speech-to-text for voice messages: offline (none: POST /api/speech/transcribe answers 503 and the web app uses the browser's own recognition where it has one) or openai (an OpenAI-compatible /audio/transcriptions, or whisper.cpp with STT_PATH=/inference)",
    schema: z.enum(STT_PROVIDERS, { message: `must be one of ${STT_PROVIDERS.join(', ')}` }),
  },
  STT_BASE_URL: {
    default: null,
    description:
      'Base URL of the speech-to-text service, e.g. https://api.openai.com/v1 or http://whisper:8080 (required for openai)',
    schema: optionalUrl(['http:', 'https:']),
  },
  STT_API_KEY: {
    default: null,
    description: 'Bearer key of the speech-to-text service; unset = no Authorization header (local servers)',
    schema: z.string().min(1).optional(),
  },
  STT_MODEL: {
    default: 'whisper-1',
    description: 'Speech-to-text model name sent with each file',
    schema: z.string().min(1).max(200),
  },
  STT_PATH: {
    default: '/audio/transcriptions',
    description:
      'Path of the transcription call under STT_BASE_URL: /audio/transcriptions (OpenAI, vLLM, faster-whisper) or /inference (whisper.cpp whisper-server)',
    schema: z.string().regex(/^\/[A-Za-z0-9._~/-]*$/, { message: 'must be a path starting with /' }),
  },
  STT_TIMEOUT_MS: {
    default: '30000',
    description: 'How long one transcription may take, in milliseconds',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1000).max(600_000),
  },
  TTS_PROVIDER: {
    default: 'offline',
    description:
      'Her voice (the listen button): offline (espeak-ng, a robotic Russian voice), openai (OpenAI-compatible /audio/speech) or elevenlabs (ElevenLabs streaming text-to-speech)',
    schema: z.enum(TTS_PROVIDERS, { message: `must be one of ${TTS_PROVIDERS.join(', ')}` }),
  },
  TTS_BASE_URL: {
    default: null,
    description:
      'Base URL of the speech service; unset = https://api.openai.com/v1 for openai, https://api.elevenlabs.io for elevenlabs',
    schema: optionalUrl(['http:', 'https:']),
  },
  TTS_API_KEY: {
    default: null,
    description:
      'Key of the speech service (Bearer for openai, xi-api-key for elevenlabs; unset = ELEVENLABS_API_KEY for elevenlabs)',
    schema: z.string().min(1).optional(),
  },
  ELEVENLABS_API_KEY: {
    default: null,
    description:
      'ElevenLabs key: voice calls through ElevenLabs agents (see VOICE_CALL_PROVIDER), and her voice with TTS_PROVIDER=elevenlabs when TTS_API_KEY is unset',
    schema: z.string().min(1).optional(),
  },
  ELEVENLABS_BASE_URL: {
    default: ELEVENLABS_BASE_URL,
    description:
      'ElevenLabs API base URL: voice-call agents, and her voice with TTS_PROVIDER=elevenlabs when TTS_BASE_URL is unset',
    schema: optionalUrl(['http:', 'https:']),
  },
  VOICE_CALL_PROVIDER: {
    default: null,
    description:
      'Voice calls: elevenlabs (an ElevenLabs Conversational AI agent per companion; needs ELEVENLABS_API_KEY) or pipeline (our own: speech-to-text, the LLM and text-to-speech as configured above, offline included); unset = elevenlabs when ELEVENLABS_API_KEY is set, else pipeline',
    schema: z
      .enum(VOICE_CALL_PROVIDERS, { message: `must be one of ${VOICE_CALL_PROVIDERS.join(', ')}` })
      .optional(),
  },
  ELEVENLABS_AGENT_LLM: {
    default: ELEVENLABS_AGENT_LLM,
    description: "The LLM an ElevenLabs voice-call agent thinks with (one of ElevenLabs' agent LLM names)",
    schema: z.string().min(1).max(200),
  },
  ELEVENLABS_AGENT_TTS_MODEL: {
    default: ELEVENLABS_AGENT_TTS_MODEL,
    description:
      'The voice model of an ElevenLabs voice-call agent (Russian-capable: eleven_flash_v2_5, eleven_turbo_v2_5)',
    schema: z.string().min(1).max(200),
  },
  TTS_MODEL: {
    default: null,
    description: 'Speech model; unset = gpt-4o-mini-tts for openai, eleven_multilingual_v2 for elevenlabs',
    schema: z.string().min(1).max(200).optional(),
  },
  TTS_VOICES: {
    default: null,
    description:
      "The service's voices her timbres map to (comma-separated, up to 4; ElevenLabs voice ids); unset = each adapter's female voices",
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}(\s*,\s*[A-Za-z0-9_-]{1,64}){0,3}$/, {
        message: 'must be up to 4 voice names, comma-separated',
      })
      .transform((value) => value.split(',').map((voice) => voice.trim()))
      .optional(),
  },
  TTS_TIMEOUT_MS: {
    default: '30000',
    description:
      'How long speaking one message may take (the service, or the offline voice), in milliseconds',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1000).max(600_000),
  },
  LLM_PROVIDER: {
    default: 'offline',
    description:
      'Chat replies: offline (a scripted persona engine) or openai (any OpenAI-compatible /chat/completions with SSE)',
    schema: z.enum(LLM_PROVIDERS, { message: `must be one of ${LLM_PROVIDERS.join(', ')}` }),
  },
  LLM_BASE_URL: {
    default: null,
    description:
      'Base URL of the OpenAI-compatible chat API, e.g. https://openrouter.ai/api/v1 (required for openai)',
    schema: optionalUrl(['http:', 'https:']),
  },
  LLM_API_KEY: {
    default: null,
    description: 'Bearer key of the chat API; unset = no Authorization header (local servers)',
    schema: z.string().min(1).optional(),
  },
  LLM_MODEL: {
    default: 'default',
    description: 'Model name sent to the chat API',
    schema: z.string().min(1),
  },
  LLM_TIMEOUT_MS: {
    default: '60000',
    description:
      'Longest silence from the chat API (before the reply starts and between pieces), in milliseconds',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(1000).max(600_000),
  },
  VISION_PROVIDER: {
    default: 'offline',
    description:
      'Image analysis in chat: offline (a fixed neutral description) or openai (OpenAI-compatible chat with an image part)',
    schema: z.enum(LLM_PROVIDERS, { message: `must be one of ${LLM_PROVIDERS.join(', ')}` }),
  },
  VISION_BASE_URL: {
    default: null,
    description: 'Base URL of the vision chat API; unset = LLM_BASE_URL',
    schema: optionalUrl(['http:', 'https:']),
  },
  VISION_API_KEY: {
    default: null,
    description: 'Bearer key of the vision chat API; unset = LLM_API_KEY',
    schema: z.string().min(1).optional(),
  },
  VISION_MODEL: {
    default: null,
    description: 'Vision-capable model name; unset = LLM_MODEL',
    schema: z.string().min(1).optional(),
  },
  MODERATION_PROVIDER: {
    default: null,
    description:
      'Moderation on top of the safety rules: offline (the rules alone), openai (an OpenAI-compatible /moderations) or guard (a guard model behind an OpenAI-compatible API); unset = guard when LLM_PROVIDER=openai, else offline',
    schema: z
      .enum(MODERATION_PROVIDERS, { message: `must be one of ${MODERATION_PROVIDERS.join(', ')}` })
      .optional(),
  },
  MODERATION_BASE_URL: {
    default: null,
    description:
      'Base URL of the moderation service; unset = https://api.openai.com/v1 for openai, LLM_BASE_URL (with LLM_API_KEY) for guard',
    schema: optionalUrl(['http:', 'https:']),
  },
  MODERATION_API_KEY: {
    default: null,
    description:
      'Bearer key of the moderation service; unset = LLM_API_KEY when the guard shares the chat endpoint, else no Authorization header',
    schema: z.string().min(1).optional(),
  },
  MODERATION_MODEL: {
    default: null,
    description:
      'Moderation model; unset = omni-moderation-latest (openai), LLM_MODEL on the chat endpoint or meta-llama/Llama-Guard-3-8B on MODERATION_BASE_URL (guard)',
    schema: z.string().min(1).optional(),
  },
  MODERATION_FORMAT: {
    default: null,
    description: `How the guard model is asked: ${GUARD_FORMATS.join(', ')} (our classifier prompt, JSON verdict); unset = from MODERATION_MODEL's name (Llama Guard, Qwen3Guard, ShieldGemma), else json`,
    schema: z.enum(GUARD_FORMATS, { message: `must be one of ${GUARD_FORMATS.join(', ')}` }).optional(),
  },
  MODERATION_TIMEOUT_MS: {
    default: '3000',
    description:
      'How long one moderation call may take; a slower or failing service is skipped for chat and refused for image prompts (docs/decisions/0015)',
    schema: z.coerce.number({ message: 'must be a number' }).int().min(100).max(60_000),
  },
  BREAK_REMINDER_AFTER_MIN: {
    default: '180',
    description:
      'After this many minutes of chat without a pause she suggests a break, in character (issue 27); 0 = never',
    schema: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(0)
      .max(24 * 60),
  },
  BREAK_REMINDER_PAUSE_MIN: {
    default: '30',
    description:
      'A pause between the user’s messages this long ends a session (the break reminder counts from there)',
    schema: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1)
      .max(24 * 60),
  },
  CRISIS_COUNTRY: {
    default: 'RU',
    description:
      "Whose help lines the crisis protocol gives by default (ISO 3166-1 alpha-2; a message in Ukrainian, Belarusian or Kazakh gets that country's, in English the US 988 line): issue 27",
    schema: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((v) => v.toUpperCase()),
  },
  CRISIS_LINES: {
    default: null,
    description:
      'JSON object of help lines by country code ("RU", or "<brand id>:RU" for one brand; each a list of {name, phone?, url?, hours, free, audience?, source}), over the verified defaults of packages/shared/src/crisis.ts',
    schema: z.string().min(2).optional(),
  },
  VAPID_PUBLIC_KEY: {
    default: null,
    description:
      'Web Push VAPID public key (base64url, with VAPID_PRIVATE_KEY); unset = a key pair generated once, kept in the database (shared by every instance) and DATA_DIR/keys/vapid.json',
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
      .optional(),
  },
  VAPID_PRIVATE_KEY: {
    default: null,
    description: 'Web Push VAPID private key (base64url, 43 characters); set together with VAPID_PUBLIC_KEY',
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  },
  VAPID_SUBJECT: {
    default: null,
    description:
      "Contact the push services may use (mailto: or https: URL); unset = mailto: the first brand's support address",
    schema: optionalUrl(['mailto:', 'https:']),
  },
  PUSH_EXTRA_HOSTS: {
    default: null,
    description:
      "Comma-separated host[:port] list accepted as push endpoints besides the browsers' push services (a self-hosted or test push service; loopback hosts may use http)",
    schema: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/, 'must be host or host:port'),
        ),
      )
      .optional(),
  },
  NODE_ENV: {
    default: 'development',
    description:
      'production turns the payment sandbox off (a method without its provider is then unavailable); anything else allows it',
    schema: z.string().min(1),
  },
  NOWPAYMENTS_API_KEY: {
    default: null,
    description:
      'NOWPayments API key (crypto payments); unset = the sandbox outside production, else crypto is off',
    schema: z.string().min(1).optional(),
  },
  NOWPAYMENTS_IPN_SECRET: {
    default: null,
    description:
      'NOWPayments IPN secret: the HMAC-SHA512 key of its callbacks (required with NOWPAYMENTS_API_KEY)',
    schema: z.string().min(1).optional(),
  },
  NOWPAYMENTS_BASE_URL: {
    default: NOWPAYMENTS_BASE_URL,
    description: 'NOWPayments API base URL (https://api-sandbox.nowpayments.io/v1 for their sandbox)',
    schema: optionalUrl(['http:', 'https:']),
  },
  PLATEGA_MERCHANT_ID: {
    default: null,
    description:
      'Platega merchant id (card/SBP redirect, X-MerchantId); unset = the sandbox outside production, else off',
    schema: z.string().min(1).optional(),
  },
  PLATEGA_SECRET: {
    default: null,
    description: 'Platega secret (X-Secret; its callbacks carry it back); required with PLATEGA_MERCHANT_ID',
    schema: z.string().min(1).optional(),
  },
  PLATEGA_BASE_URL: {
    default: PLATEGA_BASE_URL,
    description: 'Platega API base URL',
    schema: optionalUrl(['http:', 'https:']),
  },
  TWINPAY_CLIENT_ID: {
    default: null,
    description:
      'TwinPay client id (bank transfer: card number or SBP); unset = the sandbox outside production, else off',
    schema: z.string().min(1).optional(),
  },
  TWINPAY_CLIENT_SECRET: {
    default: null,
    description: 'TwinPay client secret; required with TWINPAY_CLIENT_ID',
    schema: z.string().min(1).optional(),
  },
  TWINPAY_BASE_URL: {
    default: TWINPAY_BASE_URL,
    description: 'TwinPay API base URL',
    schema: optionalUrl(['http:', 'https:']),
  },
  CACTUSPAY_TOKEN: {
    default: null,
    description: 'CactusPay shop token (card payments); unset = the sandbox outside production, else off',
    schema: z.string().min(1).optional(),
  },
  CACTUSPAY_BASE_URL: {
    default: CACTUSPAY_BASE_URL,
    description: 'CactusPay API URL (methods are sent as ?method=create|get)',
    schema: optionalUrl(['http:', 'https:']),
  },
  WEB_DIST_DIR: {
    // Documented as the repo path; applied as that folder found from the code, whatever the cwd.
    default: 'apps/web/dist',
    description: 'Folder of the built web app served at /; skipped when it does not exist',
    schema: z.string().optional(),
  },
} as const;

type EnvName = keyof typeof ENV;

/** Never echoed in a config error: they are secrets, or URLs that may carry a password. */
const MAY_HOLD_SECRETS = new Set<string>([
  'JWT_SECRET',
  'DEBUG_ROUTES_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'IMAGE_API_KEY',
  'IMAGE_BASE_URL',
  'VIDEO_API_KEY',
  'VIDEO_BASE_URL',
  'STT_API_KEY',
  'STT_BASE_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_ENDPOINT',
  'TTS_API_KEY',
  'TTS_BASE_URL',
  'ELEVENLABS_API_KEY',
  'ELEVENLABS_BASE_URL',
  'LLM_API_KEY',
  'LLM_BASE_URL',
  'VISION_API_KEY',
  'VISION_BASE_URL',
  'MODERATION_API_KEY',
  'MODERATION_BASE_URL',
  'VAPID_PRIVATE_KEY',
  'NOWPAYMENTS_API_KEY',
  'NOWPAYMENTS_IPN_SECRET',
  'PLATEGA_SECRET',
  'TWINPAY_CLIENT_SECRET',
  'CACTUSPAY_TOKEN',
]);

export interface EnvVarInfo {
  name: EnvName;
  default: string | null;
  description: string;
}

/** Every env var with its default and purpose, in the order of the README table. */
export const ENV_VARS: EnvVarInfo[] = (Object.keys(ENV) as EnvName[]).map((name) => ({
  name,
  default: ENV[name].default,
  description: ENV[name].description,
}));

const envSchema = z.object(
  Object.fromEntries((Object.keys(ENV) as EnvName[]).map((name) => [name, ENV[name].schema])) as {
    [K in EnvName]: (typeof ENV)[K]['schema'];
  },
);

type LogLevel = (typeof LOG_LEVELS)[number];

export interface PgliteSettings {
  /** PostgreSQL's shared_buffers, in kB ("16384kB"). */
  sharedBuffers: string;
  /** Whether V8 may tier hot WebAssembly up to TurboFan (process-wide). */
  wasmTierUp: boolean;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL (databaseUrl) at most. */
  databasePoolSize: number;
  /** The embedded database, used when databaseUrl is unset (docs/decisions/0029). */
  pglite: PgliteSettings;
  redisUrl: string | undefined;
  /** REDIS_PREFIX: every Redis key and channel of this deployment starts with it. */
  redisPrefix: string;
  /** Without a trailing slash. */
  publicUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  debugRoutesSecret: string | undefined;
  /** Lower-cased; an admin must also have confirmed the address. */
  adminEmails: string[];
  maintenanceMode: boolean;
  brands: Brand[];
  trustProxy: boolean | number;
  logLevel: LogLevel;
  /** Undefined: decide by whether stdout is a terminal. */
  logPretty: boolean | undefined;
  mediaBaseUrl: string | undefined;
  /** Media in an S3-compatible bucket (issue 17); unset = the local folder. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Absolute path. */
  webDistDir: string;
  image: {
    provider: ImageProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    timeoutMs: number;
    /** Automatic1111/Forge: how her portrait is passed to keep her face (decision 0021). */
    reference: { mode: A1111ReferenceMode; ipAdapterModel: string; ipAdapterModule: string };
  };
  video: {
    provider: VideoProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  };
  /** Speech-to-text for voice messages (providers/stt). */
  stt: {
    provider: SttProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    /** e.g. /audio/transcriptions, or /inference for whisper.cpp. */
    path: string;
    timeoutMs: number;
  };
  /** Her voice (providers/tts). */
  tts: {
    provider: TtsProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    /** The service's voices for her timbres; undefined = the adapter's own list. */
    voices: string[] | undefined;
    timeoutMs: number;
  };
  /**
   * Voice calls (providers/voice-agent): the provider, and ElevenLabs' agent settings when it is
   * ElevenLabs (the key, the API, the agent's LLM and voice model, her voices).
   */
  voiceCall: {
    provider: VoiceCallProviderName;
    elevenlabs:
      | {
          baseUrl: string;
          apiKey: string;
          llm: string;
          ttsModel: string;
          /** ElevenLabs voice ids for her timbres; undefined = the TTS adapter's premade list. */
          voices: string[] | undefined;
          timeoutMs: number;
        }
      | undefined;
  };
  /** How many of the 20 preview clips the start makes (PREVIEW_CLIPS: on = 20, off = 0). */
  previewClips: number;
  /** Photos of her per Moscow day and tier (PHOTOS_PER_DAY). */
  photosPerDay: Record<LimitTier, number>;
  llm: {
    provider: LlmProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  };
  /** Same shape as llm; unset values fall back to the LLM's. */
  vision: {
    provider: LlmProviderName;
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
  };
  /** Web Push (modules/push): VAPID keys (both or neither) and the extra push hosts. */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    /** Lower-case host[:port] entries accepted besides the browsers' push services. */
    extraHosts: string[];
  };
  /** NODE_ENV=production: no payment sandbox. */
  production: boolean;
  /** The payment providers (providers/payments); a provider is configured when its keys are set. */
  payments: {
    nowpayments: { apiKey: string; ipnSecret: string; baseUrl: string } | undefined;
    platega: { merchantId: string; secret: string; baseUrl: string } | undefined;
    twinpay: { clientId: string; clientSecret: string; baseUrl: string } | undefined;
    cactuspay: { token: string; baseUrl: string } | undefined;
  };
  /** The moderation port (providers/moderation); offline = the rules alone. */
  /** The long-session reminder (issue 27): minutes of chat before it (0 = never), and the pause that ends one. */
  breakReminder: { afterMin: number; pauseMin: number };
  /** The crisis protocol's help lines (issue 27): by country, and by brand and country. */
  crisis: {
    /** Whose lines are given when the message does not tell (its language). */
    country: string;
    /** Lines by "CC" and "<brand>:CC", the defaults with CRISIS_LINES over them. */
    lines: CrisisLines;
  };
  moderation: {
    provider: ModerationProviderName;
    /** Without a trailing slash; undefined only for the offline adapter. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    /** How the guard model is asked; undefined unless provider is guard. */
    format: GuardFormat | undefined;
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `guest:3,free:5,…` over the shared defaults; an unknown tier stops the boot. */
function parsePhotosPerDay(value: string): Record<LimitTier, number> {
  const limits = Object.fromEntries(
    LIMIT_TIERS.map((tier) => [tier, TIER_LIMITS[tier].photosPerDay]),
  ) as Record<LimitTier, number>;
  for (const pair of value.split(',')) {
    const [name = '', count = ''] = pair.split(':').map((part) => part.trim());
    if (!(LIMIT_TIERS as readonly string[]).includes(name)) {
      throw new ConfigError(
        `Invalid environment:\n  PHOTOS_PER_DAY: unknown tier "${name}" (${LIMIT_TIERS.join(', ')})`,
      );
    }
    limits[name as LimitTier] = Number(count);
  }
  return limits;
}

type ParsedEnv = z.output<typeof envSchema>;

/** CRISIS_LINES over the verified defaults; a malformed value stops the start with its reason. */
function crisisLinesConfig(value: string | undefined): CrisisLines {
  if (!value) return DEFAULT_CRISIS_LINES;
  try {
    const raw = JSON.parse(value) as unknown;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return parseCrisisLines(value);
    // "<brand>:CC" keys are checked like "CC" ones and kept under their brand.
    const lines: CrisisLines = { ...DEFAULT_CRISIS_LINES };
    for (const [key, list] of Object.entries(raw)) {
      const [brand, country] = key.includes(':') ? key.split(':', 2) : [undefined, key];
      const parsed = parseCrisisLines(JSON.stringify({ [country ?? '']: list }));
      for (const [code, entries] of Object.entries(parsed))
        lines[brand ? `${brand}:${code}` : code] = entries;
    }
    return lines;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Invalid environment:\n  CRISIS_LINES: ${(error as Error).message}`);
  }
}

/**
 * The moderation port's settings. A configured chat model brings a guard model with it unless
 * MODERATION_PROVIDER says otherwise (issue 27): on MODERATION_BASE_URL, or else on the chat model's own
 * endpoint and key. There the model is the chat model unless MODERATION_MODEL names another one the
 * endpoint serves (docs/decisions/0033-guard-model.md); the chat model's key never goes to another host.
 */
function moderationConfig(e: ParsedEnv): Config['moderation'] {
  const provider = e.MODERATION_PROVIDER ?? (e.LLM_PROVIDER === 'openai' ? 'guard' : 'offline');
  const base = {
    provider,
    apiKey: e.MODERATION_API_KEY,
    format: undefined,
    timeoutMs: e.MODERATION_TIMEOUT_MS,
  };
  const ownUrl = e.MODERATION_BASE_URL?.replace(/\/+$/, '');
  if (provider === 'offline') return { ...base, baseUrl: undefined, model: '' };
  if (provider === 'openai') {
    return {
      ...base,
      baseUrl: ownUrl ?? OPENAI_BASE_URL,
      model: e.MODERATION_MODEL ?? OPENAI_MODERATION_MODEL,
    };
  }
  const chatUrl = e.LLM_BASE_URL?.replace(/\/+$/, '');
  const baseUrl = ownUrl ?? chatUrl;
  if (!baseUrl) {
    throw new ConfigError(
      'Invalid environment:\n  MODERATION_BASE_URL: is required when MODERATION_PROVIDER=guard (or set LLM_BASE_URL)',
    );
  }
  const model = e.MODERATION_MODEL ?? (ownUrl ? DEDICATED_GUARD_MODEL : e.LLM_MODEL);
  return {
    ...base,
    baseUrl,
    apiKey: e.MODERATION_API_KEY ?? (ownUrl ? undefined : e.LLM_API_KEY),
    model,
    format: e.MODERATION_FORMAT ?? inferGuardFormat(model),
  };
}

/**
 * Parses the environment once, at boot. Empty values count as unset (compose files often write `VAR=`).
 * Throws a ConfigError that names every bad variable and what it must look like.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Partial<Record<EnvName, string>> = {};
  for (const name of Object.keys(ENV) as EnvName[]) {
    const value = env[name]?.trim();
    const fallback = name === 'WEB_DIST_DIR' ? null : ENV[name].default;
    if (value) raw[name] = value;
    else if (fallback !== null) raw[name] = fallback;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const given = raw[name as EnvName];
      const shown = MAY_HOLD_SECRETS.has(name) ? '' : ` (got "${given}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const videoBaseUrl =
    e.VIDEO_BASE_URL?.replace(/\/+$/, '') ?? (e.VIDEO_PROVIDER === 'venice' ? VENICE_BASE_URL : undefined);
  if (e.VIDEO_PROVIDER === 'venice' && !e.VIDEO_API_KEY) {
    throw new ConfigError('Invalid environment:\n  VIDEO_API_KEY: is required when VIDEO_PROVIDER=venice');
  }
  const elevenLabsBaseUrl = (e.ELEVENLABS_BASE_URL ?? ELEVENLABS_BASE_URL).replace(/\/+$/, '');
  const ttsBaseUrl =
    e.TTS_BASE_URL?.replace(/\/+$/, '') ??
    (e.TTS_PROVIDER === 'openai'
      ? OPENAI_BASE_URL
      : e.TTS_PROVIDER === 'elevenlabs'
        ? elevenLabsBaseUrl
        : undefined);
  const ttsApiKey = e.TTS_API_KEY ?? (e.TTS_PROVIDER === 'elevenlabs' ? e.ELEVENLABS_API_KEY : undefined);
  if (e.TTS_PROVIDER === 'elevenlabs' && !ttsApiKey) {
    throw new ConfigError(
      'Invalid environment:\n  TTS_API_KEY: is required when TTS_PROVIDER=elevenlabs (or set ELEVENLABS_API_KEY)',
    );
  }
  const voiceCallProvider = e.VOICE_CALL_PROVIDER ?? (e.ELEVENLABS_API_KEY ? 'elevenlabs' : 'pipeline');
  if (voiceCallProvider === 'elevenlabs' && !e.ELEVENLABS_API_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  ELEVENLABS_API_KEY: is required when VOICE_CALL_PROVIDER=elevenlabs',
    );
  }
  const imageBaseUrl =
    e.IMAGE_BASE_URL?.replace(/\/+$/, '') ?? (e.IMAGE_PROVIDER === 'venice' ? VENICE_BASE_URL : undefined);
  if (e.IMAGE_PROVIDER === 'venice' && !e.IMAGE_API_KEY) {
    throw new ConfigError('Invalid environment:\n  IMAGE_API_KEY: is required when IMAGE_PROVIDER=venice');
  }
  if (e.IMAGE_PROVIDER === 'automatic1111' && !imageBaseUrl) {
    throw new ConfigError(
      'Invalid environment:\n  IMAGE_BASE_URL: is required when IMAGE_PROVIDER=automatic1111',
    );
  }
  if (e.STT_PROVIDER === 'openai' && !e.STT_BASE_URL) {
    throw new ConfigError('Invalid environment:\n  STT_BASE_URL: is required when STT_PROVIDER=openai');
  }
  if (e.LLM_PROVIDER === 'openai' && !e.LLM_BASE_URL) {
    throw new ConfigError('Invalid environment:\n  LLM_BASE_URL: is required when LLM_PROVIDER=openai');
  }
  const visionBaseUrl = (e.VISION_BASE_URL ?? e.LLM_BASE_URL)?.replace(/\/+$/, '');
  if (e.VISION_PROVIDER === 'openai' && !visionBaseUrl) {
    throw new ConfigError(
      'Invalid environment:\n  VISION_BASE_URL: is required when VISION_PROVIDER=openai (or set LLM_BASE_URL)',
    );
  }
  const moderation = moderationConfig(e);
  const brands = e.BRANDS ?? DEFAULT_BRANDS;
  const pairs: Array<[string, string | undefined, string, string | undefined]> = [
    ['NOWPAYMENTS_API_KEY', e.NOWPAYMENTS_API_KEY, 'NOWPAYMENTS_IPN_SECRET', e.NOWPAYMENTS_IPN_SECRET],
    ['PLATEGA_MERCHANT_ID', e.PLATEGA_MERCHANT_ID, 'PLATEGA_SECRET', e.PLATEGA_SECRET],
    ['TWINPAY_CLIENT_ID', e.TWINPAY_CLIENT_ID, 'TWINPAY_CLIENT_SECRET', e.TWINPAY_CLIENT_SECRET],
  ];
  for (const [a, va, b, vb] of pairs) {
    // Half a provider is a mistake, not a wish for the sandbox: say so at boot.
    if (Boolean(va) !== Boolean(vb))
      throw new ConfigError(`Invalid environment:\n  ${a}, ${b}: set both or neither`);
  }
  const trimUrl = (url: string) => url.replace(/\/+$/, '');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pglite: { sharedBuffers: e.PGLITE_SHARED_BUFFERS, wasmTierUp: e.PGLITE_WASM_TIER_UP },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${brands[0]?.hosts[0] ?? 'localhost'}`,
    debugRoutesSecret: e.DEBUG_ROUTES_SECRET,
    adminEmails: e.ADMIN_EMAILS ?? [],
    maintenanceMode: e.MAINTENANCE_MODE,
    brands,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    mediaBaseUrl: e.MEDIA_BASE_URL?.replace(/\/+$/, ''),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    image: {
      provider: e.IMAGE_PROVIDER,
      baseUrl: imageBaseUrl,
      apiKey: e.IMAGE_API_KEY,
      timeoutMs: e.IMAGE_TIMEOUT_MS,
      reference: {
        mode: e.IMAGE_REFERENCE_MODE,
        ipAdapterModel: e.IMAGE_IP_ADAPTER_MODEL,
        ipAdapterModule: e.IMAGE_IP_ADAPTER_MODULE,
      },
    },
    video: {
      provider: e.VIDEO_PROVIDER,
      baseUrl: videoBaseUrl,
      apiKey: e.VIDEO_API_KEY,
      model: e.VIDEO_MODEL,
      timeoutMs: e.VIDEO_TIMEOUT_MS,
    },
    stt: {
      provider: e.STT_PROVIDER,
      baseUrl: e.STT_PROVIDER === 'offline' ? undefined : e.STT_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.STT_API_KEY,
      model: e.STT_MODEL,
      path: e.STT_PATH,
      timeoutMs: e.STT_TIMEOUT_MS,
    },
    tts: {
      provider: e.TTS_PROVIDER,
      baseUrl: ttsBaseUrl,
      apiKey: ttsApiKey,
      model: e.TTS_MODEL ?? TTS_MODELS[e.TTS_PROVIDER],
      voices: e.TTS_VOICES,
      timeoutMs: e.TTS_TIMEOUT_MS,
    },
    voiceCall: {
      provider: voiceCallProvider,
      elevenlabs:
        voiceCallProvider === 'elevenlabs' && e.ELEVENLABS_API_KEY
          ? {
              baseUrl: elevenLabsBaseUrl,
              apiKey: e.ELEVENLABS_API_KEY,
              llm: e.ELEVENLABS_AGENT_LLM,
              ttsModel: e.ELEVENLABS_AGENT_TTS_MODEL,
              // TTS_VOICES are ElevenLabs voice ids only when her voice is ElevenLabs' too.
              voices: e.TTS_PROVIDER === 'elevenlabs' ? e.TTS_VOICES : undefined,
              timeoutMs: e.TTS_TIMEOUT_MS,
            }
          : undefined,
    },
    photosPerDay: parsePhotosPerDay(e.PHOTOS_PER_DAY),
    previewClips: e.PREVIEW_CLIPS,
    llm: {
      provider: e.LLM_PROVIDER,
      baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    vision: {
      provider: e.VISION_PROVIDER,
      baseUrl: visionBaseUrl,
      apiKey: e.VISION_API_KEY ?? e.LLM_API_KEY,
      model: e.VISION_MODEL ?? e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${brands[0]?.supportEmail ?? 'support@localhost'}`,
      extraHosts: e.PUSH_EXTRA_HOSTS ?? [],
    },
    production: e.NODE_ENV === 'production',
    payments: {
      nowpayments:
        e.NOWPAYMENTS_API_KEY && e.NOWPAYMENTS_IPN_SECRET
          ? {
              apiKey: e.NOWPAYMENTS_API_KEY,
              ipnSecret: e.NOWPAYMENTS_IPN_SECRET,
              baseUrl: trimUrl(e.NOWPAYMENTS_BASE_URL ?? NOWPAYMENTS_BASE_URL),
            }
          : undefined,
      platega:
        e.PLATEGA_MERCHANT_ID && e.PLATEGA_SECRET
          ? {
              merchantId: e.PLATEGA_MERCHANT_ID,
              secret: e.PLATEGA_SECRET,
              baseUrl: trimUrl(e.PLATEGA_BASE_URL ?? PLATEGA_BASE_URL),
            }
          : undefined,
      twinpay:
        e.TWINPAY_CLIENT_ID && e.TWINPAY_CLIENT_SECRET
          ? {
              clientId: e.TWINPAY_CLIENT_ID,
              clientSecret: e.TWINPAY_CLIENT_SECRET,
              baseUrl: trimUrl(e.TWINPAY_BASE_URL ?? TWINPAY_BASE_URL),
            }
          : undefined,
      cactuspay: e.CACTUSPAY_TOKEN
        ? { token: e.CACTUSPAY_TOKEN, baseUrl: e.CACTUSPAY_BASE_URL ?? CACTUSPAY_BASE_URL }
        : undefined,
    },
    moderation,
    crisis: { country: e.CRISIS_COUNTRY, lines: crisisLinesConfig(e.CRISIS_LINES) },
    breakReminder: { afterMin: e.BREAK_REMINDER_AFTER_MIN, pauseMin: e.BREAK_REMINDER_PAUSE_MIN },
  };
}
