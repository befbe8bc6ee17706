import { ELEVENLABS_VOICES } from '../tts/elevenlabs.ts';
import { TIMBRES, type VoiceChoice } from '../tts/port.ts';
import {
  VoiceAgentError,
  type VoiceAgentPort,
  type VoiceConversationInfo,
  voiceAgentErrorKindForStatus,
} from './port.ts';

export interface ElevenLabsAgentOptions {
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** The agent's LLM (ElevenLabs' name for it, e.g. gemini-2.0-flash). */
  llm: string;
  /** The agent's voice model (eleven_flash_v2_5: Russian, low latency). */
  ttsModel: string;
  /** One voice id per timbre; unset = the TTS adapter's premade female voices. */
  voices?: readonly string[] | undefined;
  timeoutMs: number;
  /** Her prompt's temperature: lively but on topic. */
  temperature?: number;
}

/** Most JSON an answer may carry (a conversation with its transcript is a few hundred kB at most). */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

/** A conversation's facts as the API words them, each checked (a missing or odd one is null). */
function conversationInfo(agentId: unknown, duration: unknown, start: unknown): VoiceConversationInfo {
  return {
    agentId: typeof agentId === 'string' ? agentId : null,
    durationSeconds:
      typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null,
    startedAt: typeof start === 'number' && Number.isFinite(start) ? new Date(start * 1000) : null,
  };
}

/** Her voice at ElevenLabs: the same timbre → voice mapping as her voice messages (providers/tts). */
export function elevenLabsVoiceId(voice: VoiceChoice, voices: readonly string[] = ELEVENLABS_VOICES): string {
  const index = Math.abs(Math.trunc(voice.timbre)) % Math.max(TIMBRES, 1);
  return voices[index % voices.length] ?? ELEVENLABS_VOICES[0];
}

/**
 * ElevenLabs Conversational AI (docs/PROVIDERS.md §4): `POST /v1/convai/agents/create` makes her agent,
 * `GET /v1/convai/conversation/get-signed-url` a browser's one-conversation URL (the key stays here),
 * `GET /v1/convai/conversations/{id}` the real duration. The key travels only in `xi-api-key`; the
 * provider's own words never leave this file.
 */
export function createElevenLabsVoiceAgent(options: ElevenLabsAgentOptions): VoiceAgentPort {
  const { baseUrl, apiKey, llm, ttsModel, timeoutMs } = options;
  const voices = options.voices?.length ? options.voices : ELEVENLABS_VOICES;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'xi-api-key': apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new VoiceAgentError('unavailable', undefined, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new VoiceAgentError(voiceAgentErrorKindForStatus(response.status), response.status);
    }
    let text = '';
    try {
      const decoder = new TextDecoder();
      for await (const chunk of response.body ?? []) {
        text += decoder.decode(chunk, { stream: true });
        if (text.length > MAX_JSON_BYTES) {
          await response.body?.cancel().catch(() => {});
          throw new VoiceAgentError('bad_response');
        }
      }
    } catch (error) {
      if (error instanceof VoiceAgentError) throw error;
      throw new VoiceAgentError('unavailable', undefined, { cause: error });
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // falls through
    }
    throw new VoiceAgentError('bad_response');
  }

  return {
    adapter: 'elevenlabs',
    offline: false,
    mode: 'elevenlabs',
    describe: () =>
      `voice calls: ElevenLabs agents at ${new URL(baseUrl).host} (LLM ${llm}, voice model ${ttsModel}); the browser gets a signed URL, the key stays on the server`,

    async createAgent(spec) {
      const answer = await call('POST', '/v1/convai/agents/create', {
        name: spec.name,
        conversation_config: {
          agent: {
            first_message: spec.firstMessage,
            language: 'ru',
            prompt: { prompt: spec.prompt, llm, temperature: options.temperature ?? 0.8 },
          },
          tts: { voice_id: elevenLabsVoiceId(spec.voice, voices), model_id: ttsModel },
          conversation: { max_duration_seconds: spec.maxDurationSeconds },
        },
      });
      const id = answer.agent_id;
      if (typeof id !== 'string' || !/^[\w-]{1,200}$/.test(id)) throw new VoiceAgentError('bad_response');
      return id;
    },

    async signedUrl(agentId) {
      const answer = await call(
        'GET',
        `/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`,
      );
      const url = answer.signed_url;
      if (typeof url !== 'string' || !URL.canParse(url) || !/^wss?:$/.test(new URL(url).protocol)) {
        throw new VoiceAgentError('bad_response');
      }
      return url;
    },

    async conversation(conversationId): Promise<VoiceConversationInfo> {
      const answer = await call('GET', `/v1/convai/conversations/${encodeURIComponent(conversationId)}`);
      const metadata = (answer.metadata ?? {}) as Record<string, unknown>;
      return conversationInfo(answer.agent_id, metadata.call_duration_secs, metadata.start_time_unix_secs);
    },

    async conversationsSince(agentId, since) {
      const query = new URLSearchParams({
        agent_id: agentId,
        call_start_after_unix: String(Math.floor(since.getTime() / 1000)),
        page_size: '30',
      });
      const answer = await call('GET', `/v1/convai/conversations?${query}`);
      if (!Array.isArray(answer.conversations)) throw new VoiceAgentError('bad_response');
      return answer.conversations
        .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object')
        .map((c) => conversationInfo(c.agent_id, c.call_duration_secs, c.start_time_unix_secs));
    },
  };
}
