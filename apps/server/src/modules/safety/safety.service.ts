import type { Clock } from '../../clock.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import {
  ModerationError,
  type ModerationPort,
  type ModerationReason,
} from '../../providers/moderation/port.ts';
import { checkInput, readAhead, type SafetyEntry, type SafetyInput } from './input.ts';
import type { SafetyRepository } from './safety.repository.ts';
import { SAFETY_DETAILS } from './safety.ts';
import { describeScene } from './scene.ts';

type RulesRefusal = Extract<ReturnType<typeof checkInput>, { ok: false }>;
/** Why an input is refused: the rules' reasons and the moderation port's (the same three, issue 11). */
export type SafetyReason = RulesRefusal['reason'] | ModerationReason;
export type SafetyRefusal = { ok: false; reason: SafetyReason; detail: string };
/** A verdict of the rules, or of the service on top of them. */
export type SafetyVerdict = { ok: true } | SafetyRefusal;
/** Which layer refused (docs/SAFETY.md): the rules, the moderation port. */
export type SafetyLayer = 'rules' | 'moderation';

const OK: SafetyVerdict = { ok: true };

/** What the service says itself (the rules' own texts come with their verdicts). */
export const SAFETY_TEXTS = {
  /** A refusal's detail by reason where the moderation port decides: the rules' own texts. */
  reasons: SAFETY_DETAILS satisfies Record<Exclude<ModerationReason, 'self_harm'>, string>,
  /** From the REPEATS.count-th refusal within REPEATS.windowMs on: firmer, still calm. */
  repeated:
    'Это уже не первая такая просьба за последний час. Здесь можно общаться только о вымышленных ' +
    'взрослых: без несовершеннолетних, без реальных людей и без чужих фотографий. Повторные попытки ' +
    'фиксируются для модерации.',
  /** A fail-closed entry point (an image prompt) while the moderation service is down or slow. */
  unavailable: 'Проверка безопасности сейчас недоступна. Попробуйте ещё раз через минуту.',
} as const;

/** The stronger warning: from the 5th refusal within an hour. */
export const REPEATS = { count: 5, windowMs: 60 * 60 * 1000 } as const;

/**
 * Entry points whose text becomes a picture: when the moderation service fails or is too slow, they
 * are refused (503), since a generated image cannot be taken back. Text entry points fail open: the
 * rules' verdict stands and the chat goes on (docs/decisions/0015-moderation-port.md).
 */
export const FAIL_CLOSED: ReadonlySet<SafetyEntry> = new Set<SafetyEntry>(['image_prompt', 'image_request']);

/**
 * Entry points the moderation service is not asked about: a negative prompt lists what must NOT be in
 * a picture ("child, teen" there is a safeguard), and moderation models do not read negation.
 */
export const RULES_ONLY: ReadonlySet<SafetyEntry> = new Set<SafetyEntry>(['negative_prompt']);

export interface SafetyServiceDeps {
  repo: SafetyRepository;
  moderation: ModerationPort;
  log: Logger;
  clock: Clock;
}

/**
 * Every entry point of free text asks here (issue 11): the rules first (`checkInput`, layer 1), then
 * the moderation port when one is configured (layer 2). A refusal is logged with the user, the entry
 * point, the reason and the layer — never the text — and counted per user; from the 5th within an
 * hour its `detail` is a firmer warning, and the log line carries the count for moderation. Her
 * replies are checked here too (layer 3): the rules on every coalesced chunk, the port at the end.
 */
export class SafetyService {
  constructor(private readonly deps: SafetyServiceDeps) {}

  /** True when a moderation service is configured on top of the rules. */
  get moderated(): boolean {
    return !this.deps.moderation.offline;
  }

  /** Reads `text` ahead of its check (the rules only; remembered): see `readAhead`. */
  readAhead(text: string): void {
    readAhead(text);
  }

  /** The rules alone, synchronous and cheap: for the hot path of a streaming reply. */
  rules(input: SafetyInput): SafetyVerdict {
    return checkInput(input);
  }

  /** One input at its entry point: the rules, then the moderation port; a refusal is recorded. */
  async check(userId: string, input: SafetyInput): Promise<SafetyVerdict> {
    const ruled = checkInput(input);
    if (!ruled.ok) return this.refused(userId, input.entry, ruled, 'rules');
    const moderated = await this.moderate(input, 'user');
    if (!moderated.ok) return this.refused(userId, input.entry, moderated, 'moderation');
    return OK;
  }

  /** `check` for the form endpoints: a refusal is a 400 `safety_refused` with its Russian detail. */
  async assertSafe(userId: string, input: SafetyInput): Promise<void> {
    const verdict = await this.check(userId, input);
    if (!verdict.ok) throw errors.safetyRefused(verdict.detail);
  }

  /**
   * Her whole reply, once it has streamed (the rules ran on every chunk): the moderation port when
   * configured, failing open — the reply was already read by the rules.
   */
  async checkReply(text: string): Promise<SafetyVerdict> {
    return this.moderate({ text, entry: 'chat' }, 'assistant');
  }

  /** Her reply was cut: logged (no text), not counted against the user. */
  replyCut(userId: string, chatId: string, refusal: SafetyRefusal, layer: SafetyLayer): void {
    this.deps.log.warn({ userId, chatId, reason: refusal.reason, layer }, 'safety: her reply cut');
  }

  /**
   * A refusal: recorded and counted; the log line names the user, the entry point, the reason, the
   * layer and the count of the last hour. From the REPEATS.count-th, the firmer warning.
   */
  async refused(
    userId: string,
    entry: SafetyEntry,
    refusal: SafetyRefusal,
    layer: SafetyLayer,
  ): Promise<SafetyRefusal> {
    const { repo, clock, log } = this.deps;
    const at = clock.now();
    let count: number | undefined;
    try {
      count = await repo.record(
        { userId, entry, reason: refusal.reason, layer, at },
        new Date(at.getTime() - REPEATS.windowMs),
      );
    } catch (error) {
      // The refusal stands; only its count is missing.
      log.error({ err: error, userId, entry, reason: refusal.reason }, 'safety: refusal not recorded');
    }
    const repeated = count !== undefined && count >= REPEATS.count;
    log.warn(
      { userId, entry, reason: refusal.reason, layer, refusalsLastHour: count, repeated },
      'safety refusal',
    );
    return repeated ? { ...refusal, detail: SAFETY_TEXTS.repeated } : refusal;
  }

  /** Layer 2: the moderation port's verdict; a failure fails open or closed by entry point. */
  private async moderate(input: SafetyInput, role: 'user' | 'assistant'): Promise<SafetyVerdict> {
    const { moderation, log } = this.deps;
    const text = input.text?.trim();
    if (moderation.offline || !text || RULES_ONLY.has(input.entry)) return OK;
    try {
      const verdict = await moderation.check({
        text,
        role,
        history: input.history,
        turns: input.turns,
        scene: input.scene ? describeScene(input.scene) : undefined,
      });
      if (!verdict.flagged) return OK;
      log.info({ entry: input.entry, role, categories: verdict.categories }, 'safety: moderation flagged');
      // Self-harm is answered with care, not refused (the crisis protocol reads it).
      if (verdict.reason === 'self_harm') return OK;
      return { ok: false, reason: verdict.reason, detail: SAFETY_TEXTS.reasons[verdict.reason] };
    } catch (error) {
      const kind = error instanceof ModerationError ? error.kind : 'unavailable';
      if (role === 'user' && FAIL_CLOSED.has(input.entry)) {
        log.warn(
          { err: error, kind, entry: input.entry },
          'safety: moderation failed, refused (fail-closed)',
        );
        throw errors.providerError(SAFETY_TEXTS.unavailable);
      }
      log.warn(
        { err: error, kind, entry: input.entry, role },
        'safety: moderation failed, the rules decide (fail-open)',
      );
      return OK;
    }
  }
}
