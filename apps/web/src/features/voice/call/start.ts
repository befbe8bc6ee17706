import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { notify } from '../../../shared/ui/notify.tsx';
import { type VoiceCallApi, voiceCallApi } from './api.ts';

export interface FindAgentDeps {
  api: Pick<VoiceCallApi, 'agentInfo' | 'createAgent'>;
  notify: { success: (text: string) => void; error: (text: string) => void };
}

const defaults: FindAgentDeps = { api: voiceCallApi, notify };

/**
 * 000 §4, 001 §4 "Starting a call from chat": her agent's id from agent-info, else a new one from
 * create-agent; on failure the toast «Не удалось начать голосовой звонок. Попробуйте позже.» and no
 * call (null); on success «Голосовой звонок начат».
 */
export async function findAgent(characterId: string, deps: FindAgentDeps = defaults): Promise<string | null> {
  let agentId: string | null = null;
  try {
    const info = await deps.api.agentInfo(characterId);
    agentId = info.has_agent && info.agent_id ? info.agent_id : null;
    if (!agentId) agentId = (await deps.api.createAgent(characterId)).agent_id || null;
  } catch {
    agentId = null;
  }
  if (!agentId) {
    deps.notify.error(VOICE_CALL_TEXTS.startFailed);
    return null;
  }
  deps.notify.success(VOICE_CALL_TEXTS.started);
  return agentId;
}
