import { VOICE_CALL_TEXTS } from '@podruga/shared';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../../test/api.ts';
import { VOICE_CALL_PATHS } from './api.ts';
import { findAgent } from './start.ts';

const CHARACTER = '5b0c2c7e-1f0e-4c59-9d5e-0d3d6a0e2a11';
const INFO = `GET ${VOICE_CALL_PATHS.agentInfo(CHARACTER)}`;
const CREATE = `POST ${VOICE_CALL_PATHS.createAgent(CHARACTER)}`;

const toasts = () => ({ success: vi.fn(), error: vi.fn() });
const deps = async (notify = toasts()) => ({ api: (await import('./api.ts')).voiceCallApi, notify });

describe('starting a call from the chat (000 §4, 001 §4)', () => {
  it('uses her agent when she has one: «Голосовой звонок начат»', async () => {
    const stub = stubApi({ [INFO]: () => ({ has_agent: true, agent_id: 'agent-1' }) });
    const d = await deps();
    await expect(findAgent(CHARACTER, d)).resolves.toBe('agent-1');
    expect(stub.calls).toEqual([INFO]);
    expect(d.notify.success).toHaveBeenCalledWith(VOICE_CALL_TEXTS.started);
    expect(d.notify.error).not.toHaveBeenCalled();
  });

  it('makes her agent when she has none', async () => {
    const stub = stubApi({
      [INFO]: () => ({ has_agent: false, agent_id: null }),
      [CREATE]: () => ({ agent_id: 'agent-new' }),
    });
    const d = await deps();
    await expect(findAgent(CHARACTER, d)).resolves.toBe('agent-new');
    expect(stub.calls).toEqual([INFO, CREATE]);
    expect(d.notify.success).toHaveBeenCalledWith(VOICE_CALL_TEXTS.started);
  });

  it('on failure toasts «Не удалось начать голосовой звонок. Попробуйте позже.» and starts nothing', async () => {
    stubApi({
      [INFO]: () => ({ has_agent: false, agent_id: null }),
      [CREATE]: () => {
        throw apiError(503, { detail: VOICE_CALL_TEXTS.unavailable });
      },
    });
    const d = await deps();
    await expect(findAgent(CHARACTER, d)).resolves.toBeNull();
    expect(d.notify.error).toHaveBeenCalledWith(VOICE_CALL_TEXTS.startFailed);
    expect(d.notify.success).not.toHaveBeenCalled();

    stubApi({
      [INFO]: () => {
        throw apiError(404, { detail: 'Подруга не найдена' });
      },
    });
    const again = await deps();
    await expect(findAgent(CHARACTER, again)).resolves.toBeNull();
    expect(again.notify.error).toHaveBeenCalledWith(VOICE_CALL_TEXTS.startFailed);
  });
});
