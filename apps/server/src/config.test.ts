import { resolve } from 'node:path';
import { DEFAULT_BRANDS, DEFAULT_CRISIS_LINES } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARS, inferGuardFormat, loadConfig } from './config.ts';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs with no environment at all: every external service has an offline default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      databasePoolSize: 40,
      redisUrl: undefined,
      redisPrefix: 'podruga',
      publicUrl: undefined,
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'no-reply@podruga.app',
      debugRoutesSecret: undefined,
      adminEmails: [],
      maintenanceMode: false,
      brands: DEFAULT_BRANDS,
      trustProxy: false,
      logLevel: 'info',
      logPretty: undefined,
      mediaBaseUrl: undefined,
      s3: undefined,
    });
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const brands = [{ id: 'x', hosts: ['x.ru'], logoText: 'X', title: 'X', supportEmail: 'help@x.ru' }];
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/podruga',
      DATABASE_URL: 'postgres://app@db:5432/podruga',
      DATABASE_POOL_SIZE: '25',
      PGLITE_SHARED_BUFFERS: '32MB',
      PGLITE_WASM_TIER_UP: 'true',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'podruga-staging',
      PUBLIC_URL: 'https://podruga.app/',
      JWT_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'hello@podruga.app',
      DEBUG_ROUTES_SECRET: 'open-sesame',
      ADMIN_EMAILS: ' Boss@Podruga.app ,ops@podruga.app,',
      MAINTENANCE_MODE: 'true',
      BRANDS: JSON.stringify(brands),
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      MEDIA_BASE_URL: 'https://media.podruga.app/',
      S3_BUCKET: 'podruga-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_PROVIDER: 'venice',
      IMAGE_BASE_URL: 'https://images.example.com/api/v1/',
      IMAGE_API_KEY: 'key-123',
      IMAGE_TIMEOUT_MS: '30000',
      IMAGE_REFERENCE_MODE: 'img2img',
      PHOTOS_PER_DAY: 'guest:2, vip:500',
      VIDEO_PROVIDER: 'venice',
      VIDEO_API_KEY: 'video-key',
      VIDEO_MODEL: 'video-model',
      VIDEO_TIMEOUT_MS: '20000',
      PREVIEW_CLIPS: 'off',
      STT_PROVIDER: 'openai',
      STT_BASE_URL: 'http://whisper:8080/',
      STT_API_KEY: 'stt-key',
      STT_MODEL: 'large-v3',
      STT_PATH: '/inference',
      STT_TIMEOUT_MS: '45000',
      TTS_PROVIDER: 'elevenlabs',
      TTS_BASE_URL: 'https://tts.example.com/',
      TTS_API_KEY: 'tts-key',
      ELEVENLABS_API_KEY: 'eleven-key',
      TTS_MODEL: 'eleven_flash_v2_5',
      TTS_VOICES: 'voiceA, voiceB',
      TTS_TIMEOUT_MS: '15000',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: 'https://llm.example.com/v1/',
      LLM_API_KEY: 'llm-key',
      LLM_MODEL: 'some-model',
      LLM_TIMEOUT_MS: '15000',
      VISION_PROVIDER: 'openai',
      VISION_MODEL: 'vision-model',
      MODERATION_PROVIDER: 'guard',
      MODERATION_BASE_URL: 'https://guard.example.com/v1/',
      MODERATION_API_KEY: 'guard-key',
      MODERATION_MODEL: 'guard-model',
      MODERATION_FORMAT: 'shieldgemma',
      MODERATION_TIMEOUT_MS: '1500',
      BREAK_REMINDER_AFTER_MIN: '120',
      BREAK_REMINDER_PAUSE_MIN: '20',
      CRISIS_COUNTRY: 'ua',
      CRISIS_LINES: JSON.stringify({
        'milaya:RU': [
          {
            name: 'Линия бренда',
            phone: '8-800-000-00-00',
            hours: 'круглосуточно',
            free: true,
            source: 'https://example.org/line',
          },
        ],
      }),
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
      VAPID_SUBJECT: 'mailto:push@podruga.app',
      PUSH_EXTRA_HOSTS: 'Push.Example.com, 127.0.0.1:8443',
      NODE_ENV: 'production',
      NOWPAYMENTS_API_KEY: 'np-key',
      NOWPAYMENTS_IPN_SECRET: 'np-ipn',
      PLATEGA_MERCHANT_ID: 'merchant',
      PLATEGA_SECRET: 'platega-secret',
      PLATEGA_BASE_URL: 'https://platega.example.com/',
      CACTUSPAY_TOKEN: 'cactus-token',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/podruga',
      databaseUrl: 'postgres://app@db:5432/podruga',
      databasePoolSize: 25,
      pglite: { sharedBuffers: '32768kB', wasmTierUp: true },
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'podruga-staging',
      publicUrl: 'https://podruga.app',
      jwtSecret: 's'.repeat(32),
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'hello@podruga.app',
      debugRoutesSecret: 'open-sesame',
      adminEmails: ['boss@podruga.app', 'ops@podruga.app'],
      maintenanceMode: true,
      brands,
      trustProxy: 2,
      logLevel: 'warn',
      logPretty: false,
      mediaBaseUrl: 'https://media.podruga.app',
      s3: {
        bucket: 'podruga-media',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-central-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
        forcePathStyle: true,
      },
      webDistDir: '/srv/web',
      image: {
        provider: 'venice',
        baseUrl: 'https://images.example.com/api/v1',
        apiKey: 'key-123',
        timeoutMs: 30000,
        reference: {
          mode: 'img2img',
          ipAdapterModel: 'ip-adapter-faceid-plusv2_sdxl [187cb962]',
          ipAdapterModule: 'ip-adapter_face_id_plus',
        },
      },
      video: {
        provider: 'venice',
        baseUrl: 'https://api.venice.ai/api/v1',
        apiKey: 'video-key',
        model: 'video-model',
        timeoutMs: 20000,
      },
      stt: {
        provider: 'openai',
        baseUrl: 'http://whisper:8080',
        apiKey: 'stt-key',
        model: 'large-v3',
        path: '/inference',
        timeoutMs: 45000,
      },
      tts: {
        provider: 'elevenlabs',
        baseUrl: 'https://tts.example.com',
        apiKey: 'tts-key',
        model: 'eleven_flash_v2_5',
        voices: ['voiceA', 'voiceB'],
        timeoutMs: 15000,
      },
      voiceCall: {
        provider: 'elevenlabs',
        elevenlabs: {
          baseUrl: 'https://api.elevenlabs.io',
          apiKey: 'eleven-key',
          llm: 'gemini-2.0-flash',
          ttsModel: 'eleven_flash_v2_5',
          voices: ['voiceA', 'voiceB'],
          timeoutMs: 15000,
        },
      },
      photosPerDay: { guest: 2, free: 5, verified: 10, pwa: 10, plus: 100, vip: 500 },
      previewClips: 0,
      llm: {
        provider: 'openai',
        baseUrl: 'https://llm.example.com/v1',
        apiKey: 'llm-key',
        model: 'some-model',
        timeoutMs: 15000,
      },
      vision: {
        provider: 'openai',
        baseUrl: 'https://llm.example.com/v1',
        apiKey: 'llm-key',
        model: 'vision-model',
        timeoutMs: 15000,
      },
      moderation: {
        provider: 'guard',
        baseUrl: 'https://guard.example.com/v1',
        apiKey: 'guard-key',
        model: 'guard-model',
        format: 'shieldgemma',
        timeoutMs: 1500,
      },
      breakReminder: { afterMin: 120, pauseMin: 20 },
      crisis: {
        country: 'UA',
        lines: {
          ...DEFAULT_CRISIS_LINES,
          'milaya:RU': [
            {
              name: 'Линия бренда',
              phone: '8-800-000-00-00',
              hours: 'круглосуточно',
              free: true,
              source: 'https://example.org/line',
            },
          ],
        },
      },
      push: {
        vapidPublicKey: `B${'A'.repeat(86)}`,
        vapidPrivateKey: 'A'.repeat(43),
        vapidSubject: 'mailto:push@podruga.app',
        extraHosts: ['push.example.com', '127.0.0.1:8443'],
      },
      production: true,
      payments: {
        nowpayments: { apiKey: 'np-key', ipnSecret: 'np-ipn', baseUrl: 'https://api.nowpayments.io/v1' },
        platega: { merchantId: 'merchant', secret: 'platega-secret', baseUrl: 'https://platega.example.com' },
        twinpay: undefined,
        cactuspay: { token: 'cactus-token', baseUrl: 'https://lk.cactuspay.pro/api/' },
      },
    });
  });

  it('a payment provider needs both of its keys; without any, none is configured and production is off', () => {
    expect(() => loadConfig({ NOWPAYMENTS_API_KEY: 'k' })).toThrow(/NOWPAYMENTS_IPN_SECRET: set both/);
    expect(() => loadConfig({ TWINPAY_CLIENT_SECRET: 's' })).toThrow(/TWINPAY_CLIENT_ID/);
    expect(() => loadConfig({ PLATEGA_MERCHANT_ID: 'm' })).toThrow(/PLATEGA_SECRET/);
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(Object.values(config.payments)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('defaults to the offline persona engine; openai needs LLM_BASE_URL', () => {
    expect(loadConfig({}).llm).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'default',
      timeoutMs: 60000,
    });
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_PROVIDER: 'gpt' })).toThrow(/LLM_PROVIDER/);
    expect(loadConfig({}).vision.provider).toBe('offline');
    expect(() => loadConfig({ VISION_PROVIDER: 'openai' })).toThrow(/VISION_BASE_URL/);
  });

  it('defaults to no speech-to-text; openai needs STT_BASE_URL; the path is a path', () => {
    expect(loadConfig({}).stt).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'whisper-1',
      path: '/audio/transcriptions',
      timeoutMs: 30000,
    });
    expect(() => loadConfig({ STT_PROVIDER: 'openai' })).toThrow(/STT_BASE_URL/);
    expect(() => loadConfig({ STT_PROVIDER: 'whisper' })).toThrow(/STT_PROVIDER/);
    expect(() => loadConfig({ STT_PATH: 'inference' })).toThrow(/STT_PATH/);
  });

  it('defaults to the rules alone without a chat model; openai moderation defaults to OpenAI', () => {
    expect(loadConfig({}).moderation).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: '',
      format: undefined,
      timeoutMs: 3000,
    });
    expect(loadConfig({ MODERATION_PROVIDER: 'openai' }).moderation).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      model: 'omni-moderation-latest',
      format: undefined,
    });
    expect(() => loadConfig({ MODERATION_PROVIDER: 'guard' })).toThrow(/MODERATION_BASE_URL/);
    expect(() => loadConfig({ MODERATION_PROVIDER: 'llamas' })).toThrow(/MODERATION_PROVIDER/);
    expect(() => loadConfig({ MODERATION_FORMAT: 'yaml' })).toThrow(/MODERATION_FORMAT/);
    expect(() => loadConfig({ MODERATION_TIMEOUT_MS: '5' })).toThrow(/MODERATION_TIMEOUT_MS/);
    expect(() => loadConfig({ CRISIS_COUNTRY: 'Russia' })).toThrow(/CRISIS_COUNTRY/);
    expect(() => loadConfig({ CRISIS_LINES: '{"RU": [{"name": "x"}]}' })).toThrow(/CRISIS_LINES/);
    expect(() => loadConfig({ CRISIS_LINES: 'not json' })).toThrow(/CRISIS_LINES/);
  });

  const chat = {
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: 'https://llm.example.com/v1/',
    LLM_API_KEY: 'llm-key',
  };

  it('a chat model brings a guard model: the chat model itself on its endpoint, in the json format', () => {
    expect(loadConfig({ ...chat, LLM_MODEL: 'some-chat-model' }).moderation).toEqual({
      provider: 'guard',
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'llm-key',
      model: 'some-chat-model',
      format: 'json',
      timeoutMs: 3000,
    });
    // A guard model the same endpoint serves: its format follows from its name.
    expect(loadConfig({ ...chat, MODERATION_MODEL: 'meta-llama/llama-guard-3-8b' }).moderation).toMatchObject(
      {
        baseUrl: 'https://llm.example.com/v1',
        apiKey: 'llm-key',
        format: 'llama-guard',
      },
    );
    // Turned off explicitly.
    expect(loadConfig({ ...chat, MODERATION_PROVIDER: 'offline' }).moderation).toMatchObject({
      provider: 'offline',
      baseUrl: undefined,
    });
    // An explicit guard without its own URL shares the chat endpoint too.
    expect(loadConfig({ ...chat, MODERATION_PROVIDER: 'guard' }).moderation.baseUrl).toBe(
      'https://llm.example.com/v1',
    );
  });

  it('a guard service of its own: its URL, its key only (never the chat key), Llama Guard 3 by default', () => {
    const own = { ...chat, MODERATION_BASE_URL: 'http://guard:8000/v1/' };
    expect(loadConfig(own).moderation).toEqual({
      provider: 'guard',
      baseUrl: 'http://guard:8000/v1',
      apiKey: undefined,
      model: 'meta-llama/Llama-Guard-3-8B',
      format: 'llama-guard',
      timeoutMs: 3000,
    });
    expect(
      loadConfig({ MODERATION_PROVIDER: 'guard', MODERATION_BASE_URL: 'http://guard:8000/v1' }).moderation,
    ).toMatchObject({ provider: 'guard', format: 'llama-guard' });
    expect(
      loadConfig({ ...own, MODERATION_MODEL: 'Qwen/Qwen3Guard-Gen-4B', MODERATION_API_KEY: 'gk' }).moderation,
    ).toMatchObject({ apiKey: 'gk', format: 'qwen3guard' });
    expect(loadConfig({ ...own, MODERATION_MODEL: 'google/shieldgemma-2b' }).moderation.format).toBe(
      'shieldgemma',
    );
    // The format can be named: a fine-tuned guard whose name says nothing.
    expect(
      loadConfig({ ...own, MODERATION_MODEL: 'our-guard-v2', MODERATION_FORMAT: 'llama-guard' }).moderation
        .format,
    ).toBe('llama-guard');
  });

  it('infers the format from the model name', () => {
    expect(inferGuardFormat('meta-llama/Llama-Guard-4-12B')).toBe('llama-guard');
    expect(inferGuardFormat('llama-guard3:1b')).toBe('llama-guard');
    expect(inferGuardFormat('Qwen/Qwen3Guard-Gen-0.6B')).toBe('qwen3guard');
    expect(inferGuardFormat('qwen3guard-gen-8b')).toBe('qwen3guard');
    expect(inferGuardFormat('shieldgemma:9b')).toBe('shieldgemma');
    expect(inferGuardFormat('mistralai/mistral-small-3.2-24b-instruct')).toBe('json');
  });

  it('defaults to the offline image adapter and checks what a real one needs', () => {
    expect(loadConfig({}).image).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      timeoutMs: 120000,
      reference: {
        mode: 'ip-adapter',
        ipAdapterModel: 'ip-adapter-faceid-plusv2_sdxl [187cb962]',
        ipAdapterModule: 'ip-adapter_face_id_plus',
      },
    });
    expect(loadConfig({ IMAGE_PROVIDER: 'venice', IMAGE_API_KEY: 'k' }).image.baseUrl).toBe(
      'https://api.venice.ai/api/v1',
    );
    expect(() => loadConfig({ IMAGE_PROVIDER: 'venice' })).toThrow(/IMAGE_API_KEY/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'automatic1111' })).toThrow(/IMAGE_BASE_URL/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'dalle' })).toThrow(/IMAGE_PROVIDER/);
  });

  it('defaults to the offline video adapter and the shared photo allowances', () => {
    const config = loadConfig({});
    expect(config.video).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'wan-2.2-a14b-image-to-video',
      timeoutMs: 30000,
    });
    expect(config.photosPerDay).toEqual({ guest: 3, free: 5, verified: 10, pwa: 10, plus: 100, vip: 300 });
    expect(loadConfig({ VIDEO_PROVIDER: 'venice', VIDEO_API_KEY: 'k' }).video.baseUrl).toBe(
      'https://api.venice.ai/api/v1',
    );
    expect(() => loadConfig({ VIDEO_PROVIDER: 'venice' })).toThrow(/VIDEO_API_KEY/);
    expect(() => loadConfig({ PHOTOS_PER_DAY: 'guest:2,admin:9' })).toThrow(/unknown tier "admin"/);
    expect(() => loadConfig({ PHOTOS_PER_DAY: 'guest=2' })).toThrow(/PHOTOS_PER_DAY/);
    expect(config.previewClips).toBe(20);
    expect(loadConfig({ PREVIEW_CLIPS: '3' }).previewClips).toBe(3);
    expect(() => loadConfig({ PREVIEW_CLIPS: '21' })).toThrow(/PREVIEW_CLIPS/);
  });

  it('defaults to the offline voice; each real speech service gets its address, model and key', () => {
    expect(loadConfig({}).tts).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'espeak-ng',
      voices: undefined,
      timeoutMs: 30000,
    });
    expect(loadConfig({ TTS_PROVIDER: 'openai', TTS_API_KEY: 'sk' }).tts).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk',
      model: 'gpt-4o-mini-tts',
    });
    expect(loadConfig({ TTS_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'xi' }).tts).toMatchObject({
      baseUrl: 'https://api.elevenlabs.io',
      apiKey: 'xi',
      model: 'eleven_multilingual_v2',
    });
    expect(() => loadConfig({ TTS_PROVIDER: 'elevenlabs' })).toThrow(/TTS_API_KEY/);
    expect(() => loadConfig({ TTS_PROVIDER: 'espeak' })).toThrow(/TTS_PROVIDER/);
    expect(() => loadConfig({ TTS_VOICES: 'a,b,c,d,e' })).toThrow(/TTS_VOICES/);
  });

  it('carries voice calls on our pipeline without an ElevenLabs key, on ElevenLabs agents with one', () => {
    expect(loadConfig({}).voiceCall).toEqual({ provider: 'pipeline', elevenlabs: undefined });
    expect(loadConfig({ ELEVENLABS_API_KEY: 'xi' }).voiceCall).toEqual({
      provider: 'elevenlabs',
      elevenlabs: {
        baseUrl: 'https://api.elevenlabs.io',
        apiKey: 'xi',
        llm: 'gemini-2.0-flash',
        ttsModel: 'eleven_flash_v2_5',
        voices: undefined,
        timeoutMs: 30000,
      },
    });
    // The key may serve her voice alone; the pipeline is then asked for by name.
    expect(loadConfig({ ELEVENLABS_API_KEY: 'xi', VOICE_CALL_PROVIDER: 'pipeline' }).voiceCall).toEqual({
      provider: 'pipeline',
      elevenlabs: undefined,
    });
    const custom = loadConfig({
      ELEVENLABS_API_KEY: 'xi',
      ELEVENLABS_BASE_URL: 'http://127.0.0.1:9999/',
      ELEVENLABS_AGENT_LLM: 'gpt-4o-mini',
      ELEVENLABS_AGENT_TTS_MODEL: 'eleven_turbo_v2_5',
      TTS_PROVIDER: 'elevenlabs',
      TTS_VOICES: 'voiceA,voiceB',
    });
    expect(custom.voiceCall.elevenlabs).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999',
      llm: 'gpt-4o-mini',
      ttsModel: 'eleven_turbo_v2_5',
      voices: ['voiceA', 'voiceB'],
    });
    // Her voice follows ELEVENLABS_BASE_URL unless TTS_BASE_URL says otherwise.
    expect(custom.tts.baseUrl).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ VOICE_CALL_PROVIDER: 'elevenlabs' })).toThrow(/ELEVENLABS_API_KEY/);
    expect(() => loadConfig({ VOICE_CALL_PROVIDER: 'livekit' })).toThrow(/VOICE_CALL_PROVIDER/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', MAINTENANCE_MODE: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      maintenanceMode: false,
    });
  });

  it('sizes the embedded database: shared_buffers in kB, the optimising WebAssembly tier off unless asked', () => {
    expect(loadConfig({}).pglite).toEqual({ sharedBuffers: '16384kB', wasmTierUp: false });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '512kB', PGLITE_WASM_TIER_UP: 'on' }).pglite).toEqual({
      sharedBuffers: '512kB',
      wasmTierUp: true,
    });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1gb' }).pglite.sharedBuffers).toBe('1048576kB');
    for (const bad of ['64kB', '2GB', '16', 'lots']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });

  it('parses booleans and proxy hops', () => {
    expect(loadConfig({ MAINTENANCE_MODE: 'on', TRUST_PROXY: 'true' })).toMatchObject({
      maintenanceMode: true,
      trustProxy: true,
    });
    expect(loadConfig({ MAINTENANCE_MODE: '0', TRUST_PROXY: 'false' })).toMatchObject({
      maintenanceMode: false,
      trustProxy: false,
    });
  });

  it('names each bad variable and what it must look like', () => {
    const message = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/x',
      MAINTENANCE_MODE: 'maybe',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'sometimes',
    });
    expect(message).toContain('Invalid environment:');
    expect(message).toContain('PORT: must be a number (got "eighty")');
    expect(message).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
    expect(message).toContain('MAINTENANCE_MODE: must be true or false (got "maybe")');
    expect(message).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(message).toContain('TRUST_PROXY: must be true, false or a number of hops');
    expect(configError({ PORT: '70000' })).toContain('PORT:');
    expect(configError({ DATABASE_POOL_SIZE: 'many' })).toContain('DATABASE_POOL_SIZE: must be a number');
    expect(configError({ DATABASE_POOL_SIZE: '0' })).toContain('DATABASE_POOL_SIZE:');
    expect(configError({ SMTP_URL: 'http://mail' })).toContain(
      'SMTP_URL: must be a URL starting with smtp:// or smtps://',
    );
    expect(configError({ MAIL_FROM: 'nobody' })).toContain('MAIL_FROM: must be an e-mail address');
  });

  it('never echoes secrets or URLs that may hold a password in the error', () => {
    const message = configError({
      JWT_SECRET: 'short-secret',
      DEBUG_ROUTES_SECRET: 'tiny',
      DATABASE_URL: 'mysql://app:hunter2@db/x',
    });
    expect(message).not.toContain('hunter2');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('DEBUG_ROUTES_SECRET: must be at least 8 characters');
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('tiny"');
  });

  it('validates BRANDS as JSON brands', () => {
    expect(configError({ BRANDS: '[{' })).toContain('BRANDS: must be valid JSON');
    expect(configError({ BRANDS: '[]' })).toContain('BRANDS: must list at least one brand');
    expect(configError({ BRANDS: '[{"id":"x"}]' })).toContain('BRANDS');
  });
});

describe('ENV_VARS', () => {
  it('describes every variable loadConfig reads, with its default', () => {
    expect(ENV_VARS.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'DATABASE_POOL_SIZE',
      'PGLITE_SHARED_BUFFERS',
      'PGLITE_WASM_TIER_UP',
      'REDIS_URL',
      'REDIS_PREFIX',
      'PUBLIC_URL',
      'JWT_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'DEBUG_ROUTES_SECRET',
      'ADMIN_EMAILS',
      'MAINTENANCE_MODE',
      'BRANDS',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'LOG_PRETTY',
      'MEDIA_BASE_URL',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'IMAGE_PROVIDER',
      'IMAGE_BASE_URL',
      'IMAGE_API_KEY',
      'IMAGE_TIMEOUT_MS',
      'IMAGE_REFERENCE_MODE',
      'IMAGE_IP_ADAPTER_MODEL',
      'IMAGE_IP_ADAPTER_MODULE',
      'PHOTOS_PER_DAY',
      'VIDEO_PROVIDER',
      'VIDEO_BASE_URL',
      'VIDEO_API_KEY',
      'VIDEO_MODEL',
      'PREVIEW_CLIPS',
      'VIDEO_TIMEOUT_MS',
      'STT_PROVIDER',
      'STT_BASE_URL',
      'STT_API_KEY',
      'STT_MODEL',
      'STT_PATH',
      'STT_TIMEOUT_MS',
      'TTS_PROVIDER',
      'TTS_BASE_URL',
      'TTS_API_KEY',
      'ELEVENLABS_API_KEY',
      'ELEVENLABS_BASE_URL',
      'VOICE_CALL_PROVIDER',
      'ELEVENLABS_AGENT_LLM',
      'ELEVENLABS_AGENT_TTS_MODEL',
      'TTS_MODEL',
      'TTS_VOICES',
      'TTS_TIMEOUT_MS',
      'LLM_PROVIDER',
      'LLM_BASE_URL',
      'LLM_API_KEY',
      'LLM_MODEL',
      'LLM_TIMEOUT_MS',
      'VISION_PROVIDER',
      'VISION_BASE_URL',
      'VISION_API_KEY',
      'VISION_MODEL',
      'MODERATION_PROVIDER',
      'MODERATION_BASE_URL',
      'MODERATION_API_KEY',
      'MODERATION_MODEL',
      'MODERATION_FORMAT',
      'MODERATION_TIMEOUT_MS',
      'BREAK_REMINDER_AFTER_MIN',
      'BREAK_REMINDER_PAUSE_MIN',
      'CRISIS_COUNTRY',
      'CRISIS_LINES',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'PUSH_EXTRA_HOSTS',
      'NODE_ENV',
      'NOWPAYMENTS_API_KEY',
      'NOWPAYMENTS_IPN_SECRET',
      'NOWPAYMENTS_BASE_URL',
      'PLATEGA_MERCHANT_ID',
      'PLATEGA_SECRET',
      'PLATEGA_BASE_URL',
      'TWINPAY_CLIENT_ID',
      'TWINPAY_CLIENT_SECRET',
      'TWINPAY_BASE_URL',
      'CACTUSPAY_TOKEN',
      'CACTUSPAY_BASE_URL',
      'WEB_DIST_DIR',
    ]);
    for (const v of ENV_VARS) expect(v.description.length).toBeGreaterThan(10);
    expect(ENV_VARS.find((v) => v.name === 'PORT')?.default).toBe('8080');
    expect(ENV_VARS.find((v) => v.name === 'DATABASE_URL')?.default).toBeNull();
  });
});
