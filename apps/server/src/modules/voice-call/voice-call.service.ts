import { createHash } from 'node:crypto';
import {
  type Message,
  TIER_LIMITS,
  VOICE_CALL,
  VOICE_CALL_TEXTS,
  type VoiceAgentCreated,
  type VoiceAgentInfo,
  type VoiceCallEnd,
  type VoiceCallEnded,
  type VoiceCallStart,
  type VoiceCallStarted,
  type VoiceCallStatus,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { CharacterRow, UserRow } from '../../db/schema/index.ts';
import { AppError, errors } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { ProviderInfo } from '../../providers/port.ts';
import type { VoiceAgentPort, VoiceAgentSpec } from '../../providers/voice-agent/port.ts';
import { isUuid } from '../../validation.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import { untilMoscowMidnight } from '../limits/moscow.ts';
import { presentMessage } from '../messages/messages.presenter.ts';
import { historyTurns, personaOf } from '../messages/prompt.ts';
import { voiceFor } from '../speech/her-voice.ts';
import type { ActiveCall, CallConversation, CallOutcome, VoiceCallSessions } from './types.ts';
import { callGreeting, callPrompt } from './voice-call.prompt.ts';
import type { CallRow, StoredCall, VoiceCallRepository } from './voice-call.repository.ts';

/** Another user's companion, or none: the contract's 404 text. */
export const COMPANION_NOT_FOUND = 'Подруга не найдена';
/** Her chat's title when the call is the first thing in it. */
const CALL_CHAT_TITLE = 'New Chat';

/**
 * Closes a call its client never ended, at its connect (or start) + allowance + VOICE_CALL.endGraceSeconds:
 * charged up to the limit. Early runs (the call connected later) wait again; an ended call is left alone.
 */
export const VOICE_CALL_CLOSE_JOB = defineJob<{ callId: string }>('voice-call-close', {
  attempts: 3,
  backoffMs: 5_000,
  concurrency: 2,
});

/** How the chat's room hears a call's entry (realtime/socket.ts). */
export interface VoiceCallLive {
  message(chatId: string, message: Message): void;
}

export interface VoiceCallDeps {
  repo: VoiceCallRepository;
  agents: VoiceAgentPort;
  limits: Pick<LimitsService, 'voiceSeconds' | 'chargeVoiceSeconds' | 'tier'>;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  /** Whether the server hears speech itself (pipeline `stt: 'server'`) or the browser does. */
  stt: ProviderInfo;
  live?: () => VoiceCallLive | undefined;
}

/** The largest daily allowance: an ElevenLabs agent's longest conversation. */
const MAX_CALL_SECONDS = Math.max(...Object.values(TIER_LIMITS).map((t) => t.voiceSecondsPerDay));
/**
 * A conversation the API says began more than this before the call's start is not this call's (the two
 * clocks differ by far less; an earlier call's conversation begins well before).
 */
const CONVERSATION_START_SLACK_MS = 10_000;

type EndedStatus = Exclude<VoiceCallStatus, 'active'>;

function statusFor(outcome: CallOutcome, connected: boolean, mode: StoredCall['mode']): EndedStatus {
  if (outcome.reason === 'error') return 'failed';
  if (outcome.reason === 'missed') return 'missed';
  // The pipeline knows whether the call connected; ElevenLabs' connect happens in the browser.
  if (mode === 'pipeline' && !connected) return 'missed';
  return outcome.reason === 'limit' ? 'limit_reached' : 'completed';
}

const seconds = (ms: number) => Math.max(0, ms / 1000);

/**
 * Voice calls (issue 15): her agent per provider, the start (the day's seconds checked, the chat's
 * voice_call entry stored), the end (the real duration charged, never past what was left), a call
 * nobody ended closed by a delayed job, and the seam the pipeline uses (VoiceCallSessions).
 */
export class VoiceCallService implements VoiceCallSessions {
  constructor(private readonly deps: VoiceCallDeps) {
    deps.jobs.handle(VOICE_CALL_CLOSE_JOB, ({ callId }) => this.closeIfOverdue(callId));
  }

  get mode(): VoiceAgentPort['mode'] {
    return this.deps.agents.mode;
  }

  /** GET agent-info: her agent for the current provider, if one was made from her as she is now. */
  async agentInfo(user: UserRow, characterId: string): Promise<VoiceAgentInfo> {
    const character = await this.character(user, characterId);
    const agent = await this.currentAgent(character);
    return { has_agent: agent !== null, agent_id: agent };
  }

  /** POST create-agent: her current agent, or a new one (503 when the provider refuses). */
  async createAgent(user: UserRow, characterId: string): Promise<VoiceAgentCreated> {
    const character = await this.character(user, characterId);
    const existing = await this.currentAgent(character);
    if (existing) return { agent_id: existing };
    const spec = this.specOf(character);
    let agentId: string;
    try {
      agentId = await this.deps.agents.createAgent(spec);
    } catch (error) {
      this.deps.log.warn({ err: error, characterId: character.id }, 'voice call: agent not created');
      throw errors.providerError(VOICE_CALL_TEXTS.unavailable);
    }
    await this.deps.repo.saveAgent(character.id, this.mode, agentId, digest(spec));
    return { agent_id: agentId };
  }

  /** POST start: the day's seconds checked, the entry stored, how to connect. */
  async start(user: UserRow, characterId: string, body: VoiceCallStart): Promise<VoiceCallStarted> {
    const { repo, limits, clock, agents } = this.deps;
    const character = await this.character(user, characterId);
    const agentId = await this.currentAgent(character);
    if (!agentId || agentId !== body.agent_id) throw errors.validation(VOICE_CALL_TEXTS.noAgent);
    const active = await repo.activeCallOf(user.id);
    if (active) {
      if (!this.overdue(active)) throw errors.conflict(VOICE_CALL_TEXTS.alreadyActive);
      await this.closeOverdue(active);
    }
    const voice = await limits.voiceSeconds(user);
    if (voice.left <= 0) {
      const reset = untilMoscowMidnight(clock.now());
      throw new AppError(429, 'voice_limit', VOICE_CALL_TEXTS.limitReached, {
        limit_type: 'voice_seconds',
        user_type: limits.tier(user),
        reset_hours: reset.hours,
        reset_minutes: reset.minutes,
      });
    }
    const chat = await repo.chatOf(user.id, character.id, CALL_CHAT_TITLE);
    const startedAt = clock.now();
    const row = await repo.insertCall({
      chatId: chat.id,
      userId: user.id,
      startedAt,
      metadata: {
        mode: this.mode,
        day: voice.day,
        limit_seconds: voice.limit,
        allowance_seconds: voice.left,
        agent_id: agentId,
        character_id: character.id,
      },
    });
    if (!row) throw errors.conflict(VOICE_CALL_TEXTS.alreadyActive);
    let signedUrl: string | null = null;
    if (this.mode === 'elevenlabs') {
      try {
        signedUrl = await agents.signedUrl(agentId);
      } catch (error) {
        this.deps.log.warn({ err: error, callId: row.id }, 'voice call: no signed URL');
        await this.close(row, { reason: 'error', error: VOICE_CALL_TEXTS.unavailable }, 0);
        throw errors.providerError(VOICE_CALL_TEXTS.unavailable);
      }
    }
    await this.scheduleClose(row);
    const message = presentMessage(row);
    this.deps.live?.()?.message(row.chatId, message);
    return {
      call_id: row.id,
      chat_id: row.chatId,
      mode: this.mode,
      signed_url: signedUrl,
      stt: this.mode === 'pipeline' && this.deps.stt.offline ? 'browser' : 'server',
      remaining_seconds: voice.left,
      message,
    };
  }

  /**
   * POST {callId}/end: the client's account of the end. The owner's only (404 otherwise); an ended
   * call answers its stored entry. ElevenLabs: the conversation API's duration when the client names
   * the conversation (and it is this agent's, begun with this call), else the client's duration capped
   * by the server's clock. Pipeline: the server's own clock from the connect.
   */
  async finish(user: UserRow, callId: string, body: VoiceCallEnd): Promise<VoiceCallEnded> {
    const row = isUuid(callId) ? await this.deps.repo.findCall(callId) : undefined;
    if (!row || row.userId !== user.id) throw errors.notFound();
    if (row.voiceCallStatus !== 'active') return { message: presentMessage(row) };
    const outcome: CallOutcome = { reason: body.reason, ...(body.error ? { error: body.error } : {}) };
    if (row.metadata.mode === 'pipeline') return { message: (await this.close(row, outcome)).message };
    const elapsed = seconds(this.deps.clock.now().getTime() - (row.voiceCallStartedAt?.getTime() ?? 0));
    let duration = Math.min(body.duration_seconds ?? elapsed, elapsed);
    // The provider's figure wins: the named conversation when it is this call's, else the agent's
    // conversations since the start (her agent is hers alone, and the user has one call at a time).
    const named = body.conversation_id ? await this.conversationSeconds(row, body.conversation_id) : null;
    const listed = named === null ? await this.listedSeconds(row) : null;
    if (named !== null) duration = named;
    else if (listed !== null && listed > 0) duration = listed;
    // A call the provider says was talked through is not "missed", whatever the client says.
    const talked = (named ?? listed ?? 0) > 0;
    const reason = talked && body.reason === 'missed' ? 'hangup' : body.reason;
    const ended = await this.close(
      row,
      { ...outcome, reason },
      duration,
      body.conversation_id ? { conversation_id: body.conversation_id } : {},
    );
    return { message: ended.message };
  }

  // The pipeline's seam (types.ts).

  async activePipelineCall(user: UserRow, callId: string): Promise<ActiveCall | null> {
    const row = isUuid(callId) ? await this.deps.repo.findCall(callId) : undefined;
    if (!row || row.userId !== user.id || row.voiceCallStatus !== 'active') return null;
    if (row.metadata.mode !== 'pipeline') return null;
    return activeCallOf(row);
  }

  async connected(call: ActiveCall, at: Date): Promise<number> {
    const marked = await this.deps.repo.markConnected(call.id, at);
    const row = marked ?? (await this.deps.repo.findCall(call.id));
    if (row?.voiceCallStatus !== 'active') return 0;
    if (marked) await this.scheduleClose(marked);
    const connectedAt = Date.parse(row.metadata.connected_at ?? at.toISOString());
    return Math.max(0, Math.floor(row.metadata.allowance_seconds - seconds(at.getTime() - connectedAt)));
  }

  async conversationFor(call: ActiveCall): Promise<CallConversation> {
    const { repo } = this.deps;
    const [character, user, recent] = await Promise.all([
      repo.chatCharacter(call.chatId),
      repo.user(call.userId),
      repo.recent(call.chatId),
    ]);
    if (!character || !user) throw errors.notFound();
    return {
      character,
      user,
      system: [{ role: 'system', content: callPrompt(character) }],
      history: historyTurns(recent),
      persona: personaOf(character),
      voice: voiceFor(character),
      greeting: callGreeting(character),
    };
  }

  async end(
    call: Pick<ActiveCall, 'id' | 'userId'>,
    outcome: CallOutcome,
  ): Promise<{ status: EndedStatus; message: Message }> {
    const row = await this.deps.repo.findCall(call.id);
    if (!row || row.userId !== call.userId) throw errors.notFound();
    if (row.voiceCallStatus !== 'active') {
      return { status: row.voiceCallStatus as EndedStatus, message: presentMessage(row) };
    }
    return this.close(row, outcome);
  }

  /** At start-up: active calls past their end are closed, the others watched again. */
  async resume(): Promise<void> {
    try {
      for (const row of await this.deps.repo.activeCalls()) {
        if (this.overdue(row)) await this.closeOverdue(row);
        else await this.scheduleClose(row);
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'voice call: active calls not resumed; the next start does it');
    }
  }

  // Inside.

  private async character(user: UserRow, characterId: string): Promise<CharacterRow> {
    const character = isUuid(characterId)
      ? await this.deps.repo.ownedCharacter(user.id, characterId)
      : undefined;
    if (!character) throw new AppError(404, 'not_found', COMPANION_NOT_FOUND);
    return character;
  }

  private specOf(character: CharacterRow): VoiceAgentSpec {
    return {
      characterId: character.id,
      name: `${character.name.slice(0, 60)} · ${character.id.slice(0, 8)}`,
      prompt: callPrompt(character),
      firstMessage: callGreeting(character),
      voice: voiceFor(character),
      maxDurationSeconds: MAX_CALL_SECONDS,
    };
  }

  /** Her agent for this provider, when it was made from her as she is now (else none: made anew). */
  private async currentAgent(character: CharacterRow): Promise<string | null> {
    const row = await this.deps.repo.agent(character.id, this.mode);
    return row && row.spec === digest(this.specOf(character)) ? row.agentId : null;
  }

  /** The conversation's seconds, if the API knows it as this call's; null = not to be trusted. */
  private async conversationSeconds(row: CallRow, conversationId: string): Promise<number | null> {
    try {
      const info = await this.deps.agents.conversation(conversationId);
      if (!info || info.durationSeconds === null || info.agentId !== row.metadata.agent_id) return null;
      const started = row.voiceCallStartedAt?.getTime() ?? 0;
      if (info.startedAt && info.startedAt.getTime() < started - CONVERSATION_START_SLACK_MS) return null;
      return info.durationSeconds;
    } catch (error) {
      this.deps.log.warn({ err: error, callId: row.id }, 'voice call: conversation not read');
      return null;
    }
  }

  /**
   * The seconds of the agent's conversations begun since the call started (a reconnect is a new
   * conversation); null when the provider could not say (or is the pipeline).
   */
  private async listedSeconds(row: CallRow): Promise<number | null> {
    const started = row.voiceCallStartedAt?.getTime() ?? row.createdAt.getTime();
    try {
      const found = await this.deps.agents.conversationsSince(
        row.metadata.agent_id,
        new Date(started - CONVERSATION_START_SLACK_MS),
      );
      if (!found) return null;
      return found
        .filter((c) => c.agentId === row.metadata.agent_id)
        .reduce((sum, c) => sum + (c.durationSeconds ?? 0), 0);
    } catch (error) {
      this.deps.log.warn({ err: error, callId: row.id }, 'voice call: conversations not listed');
      return null;
    }
  }

  /**
   * When the call must be over at the latest: its connect (or, for ElevenLabs, its start) + allowance +
   * grace; a pipeline call that has not connected, at its connect timeout + grace (then it is missed).
   */
  private deadline(row: CallRow): number {
    const meta = row.metadata;
    const started = row.voiceCallStartedAt?.getTime() ?? row.createdAt.getTime();
    const grace = VOICE_CALL.endGraceSeconds * 1000;
    if (meta.connected_at) return Date.parse(meta.connected_at) + meta.allowance_seconds * 1000 + grace;
    if (meta.mode === 'pipeline') return started + VOICE_CALL.connectTimeoutMs + grace;
    return started + meta.allowance_seconds * 1000 + grace;
  }

  private overdue(row: CallRow): boolean {
    return this.deps.clock.now().getTime() >= this.deadline(row);
  }

  private async scheduleClose(row: CallRow): Promise<void> {
    const due = this.deadline(row);
    try {
      await this.deps.jobs.enqueue(VOICE_CALL_CLOSE_JOB, { callId: row.id }, `${row.id}.${due}`, {
        delayMs: Math.max(1, due - this.deps.clock.now().getTime()),
      });
    } catch (error) {
      this.deps.log.warn(
        { err: error, callId: row.id },
        'voice call: close not scheduled; start-up closes it',
      );
    }
  }

  /** The job: an active call past its deadline is closed; one that connected later waits again. */
  private async closeIfOverdue(callId: string): Promise<void> {
    const row = await this.deps.repo.findCall(callId);
    if (row?.voiceCallStatus !== 'active') return;
    if (this.overdue(row)) await this.closeOverdue(row);
    else await this.scheduleClose(row);
  }

  /**
   * A call nobody ended: a pipeline call that never connected is missed; an ElevenLabs call is charged
   * what the provider lists for it (none: missed); any other, or one the provider cannot tell about, is
   * taken to have run to its limit, charged up to it.
   */
  private async closeOverdue(row: CallRow): Promise<void> {
    const meta = row.metadata;
    if (meta.mode === 'pipeline' && !meta.connected_at) {
      await this.close(row, { reason: 'missed' });
      return;
    }
    if (meta.mode === 'elevenlabs') {
      const listed = await this.listedSeconds(row);
      if (listed !== null) {
        await this.close(row, { reason: listed > 0 ? 'hangup' : 'missed' }, listed);
        return;
      }
    }
    this.deps.log.info({ callId: row.id }, 'voice call: never ended by its client; closed at its limit');
    await this.close(row, { reason: 'limit' }, meta.allowance_seconds);
  }

  /**
   * Ends the call once: the entry claimed (only an active one changes), then the seconds charged to its
   * day up to the limit, then the chat's room told. `durationSeconds` overrides the clock (ElevenLabs).
   */
  private async close(
    row: CallRow,
    outcome: CallOutcome,
    durationSeconds?: number,
    extra: Partial<StoredCall> = {},
  ): Promise<{ status: EndedStatus; message: Message }> {
    const { repo, limits, clock, log } = this.deps;
    const meta = row.metadata;
    const endedAt = outcome.endedAt ?? clock.now();
    const connectedAt = outcome.connectedAt ?? (meta.connected_at ? new Date(meta.connected_at) : undefined);
    const status = statusFor(outcome, connectedAt !== undefined, meta.mode);
    const measured =
      durationSeconds ?? (connectedAt ? seconds(endedAt.getTime() - connectedAt.getTime()) : 0);
    const duration =
      status === 'missed' ? 0 : Math.round(Math.min(Math.max(0, measured), meta.allowance_seconds));
    const finished = await repo.finishCall(row.id, {
      status,
      durationSeconds: duration,
      endedAt,
      metadata: {
        ...meta,
        ...extra,
        ...(connectedAt && !meta.connected_at ? { connected_at: connectedAt.toISOString() } : {}),
        end_reason: outcome.reason,
        ...(outcome.error ? { error: outcome.error.slice(0, 200) } : {}),
      },
    });
    if (!finished) {
      // Ended meanwhile by another path (the client, the pipeline, the job): its entry stands.
      const stored = await repo.findCall(row.id);
      const message = presentMessage(stored ?? row);
      return { status: (stored?.voiceCallStatus ?? status) as EndedStatus, message };
    }
    if (duration > 0) {
      try {
        await limits.chargeVoiceSeconds(row.userId, meta.day, duration, meta.limit_seconds);
      } catch (error) {
        log.error({ err: error, callId: row.id, duration }, 'voice call: seconds not charged');
      }
    }
    const message = presentMessage(finished);
    this.deps.live?.()?.message(finished.chatId, message);
    return { status, message };
  }
}

function activeCallOf(row: CallRow): ActiveCall {
  return {
    id: row.id,
    userId: row.userId,
    chatId: row.chatId,
    characterId: row.metadata.character_id,
    mode: row.metadata.mode,
    startedAt: row.voiceCallStartedAt ?? row.createdAt,
    allowanceSeconds: row.metadata.allowance_seconds,
  };
}

/** What an agent was made from, as a short digest (a change makes a new agent). */
function digest(spec: VoiceAgentSpec): string {
  return createHash('sha256')
    .update(JSON.stringify([spec.prompt, spec.firstMessage, spec.voice, spec.maxDurationSeconds]))
    .digest('base64url')
    .slice(0, 32);
}
