import {
  type CrisisLine,
  type CrisisLines,
  crisisLinesFor,
  crisisReplyText,
  crisisSpokenText,
  DEFAULT_CRISIS_LINES,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import {
  ModerationError,
  type ModerationPort,
  type ModerationReason,
} from '../../providers/moderation/port.ts';
import { type CrisisVerdict, detectCrisis } from './crisis.ts';
import { checkInput, readAhead, type SafetyEntry, type SafetyInput } from './input.ts';
import type { ReferralCounts, SafetyRepository } from './safety.repository.ts';
import { SAFETY_DETAILS } from './safety.ts';
import { describeScene } from './scene.ts';
import type { SafetyTurn } from './turns.ts';

type RulesRefusal = Extract<ReturnType<typeof checkInput>, { ok: false }>;
/** Why an input is refused: the rules' reasons and the moderation port's (the same three, issue 11). */
export type SafetyReason = RulesRefusal['reason'] | ModerationReason;
export type SafetyRefusal = { ok: false; reason: SafetyReason; detail: string };
/** A verdict of the rules, or of the service on top of them. */
export type SafetyVerdict = { ok: true } | SafetyRefusal;
/** Which layer refused (docs/SAFETY.md): the rules, the moderation port. */
export type SafetyLayer = 'rules' | 'moderation';

const OK: SafetyVerdict = { ok: true };

/** What the guard said of a user's turn, once it has (a refusal is already recorded). */
export interface GuardVerdict {
  refused?: SafetyRefusal;
  /** Self-harm: the turn gets the crisis protocol. */
  crisis?: boolean;
}

/** A chat turn's verdict: the rules' now, and the guard's to come (when one is configured). */
export interface TurnVerdict {
  verdict: SafetyVerdict;
  guard?: Promise<GuardVerdict> | undefined;
}

/** The moderation port's verdict on a text, and whether it read self-harm in it. */
interface Moderated {
  verdict: SafetyVerdict;
  selfHarm: boolean;
}
const CLEAR: Moderated = { verdict: OK, selfHarm: false };

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
 * Turns whose guard verdict is awaited before anything is stored or generated (issue 27): a photo or
 * video request, and the caption of a photo the user sends (the photo is kept with its message). Every
 * other chat turn reads the guard while her reply streams.
 */
export const GUARD_FIRST: ReadonlySet<SafetyEntry> = new Set<SafetyEntry>([
  'image_prompt',
  'image_request',
  'upload_caption',
]);

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
  /** The crisis protocol's lines (config `crisis`); the verified defaults when absent. */
  crisis?: { country: string; lines: CrisisLines } | undefined;
}

/** Where a crisis referral happened: the chat's entry points, and a voice call. */
export type ReferralEntry = SafetyEntry | 'voice_call';

/** Her answer to a message in crisis (issue 27): the text, the lines it gives, and whose they are. */
export interface CrisisReply {
  text: string;
  /** The same for her voice: no bullets, no addresses. */
  spoken: string;
  lines: CrisisLine[];
  country: string;
  kind: string;
}

/** The language a message is written in tells whose lines it needs (the defaults cover these). */
function countryOfText(text: string): string | undefined {
  if (/[ўЎ]/.test(text)) return 'BY';
  if (/[әғқңөұүһӘҒҚҢӨҰҮҺ]/.test(text)) return 'KZ';
  if (/[іїєґІЇЄҐ]/.test(text)) return 'UA';
  if (!/[а-яё]/i.test(text) && /\b(?:i|i'm|im|my|me|you|the|and|to)\b/i.test(text)) return 'US';
  return undefined;
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
    const { verdict } = await this.moderate(input, 'user');
    if (!verdict.ok) return this.refused(userId, input.entry, verdict, 'moderation');
    return OK;
  }

  /**
   * A chat turn (issue 27): the rules now; the guard model meanwhile. Its verdict is a promise the send
   * pipeline reads while her reply streams, so a "safe" adds nothing to the first token, and a refusal
   * (recorded) or a crisis cuts the reply. A photo or video request and a photo's caption wait for it
   * (`GUARD_FIRST`): a picture cannot be taken back.
   */
  async checkTurn(userId: string, input: SafetyInput): Promise<TurnVerdict> {
    const ruled = checkInput(input);
    if (!ruled.ok) return { verdict: await this.refused(userId, input.entry, ruled, 'rules') };
    if (!this.moderated || RULES_ONLY.has(input.entry)) return { verdict: OK };
    const guard = this.guard(userId, input);
    if (GUARD_FIRST.has(input.entry)) {
      const judged = await guard;
      return judged.refused ? { verdict: judged.refused } : { verdict: OK, guard };
    }
    guard.catch(() => {});
    return { verdict: OK, guard };
  }

  /** The guard's verdict on a user's turn: a refusal recorded, or a crisis to answer with care. */
  private async guard(userId: string, input: SafetyInput): Promise<GuardVerdict> {
    const { verdict, selfHarm } = await this.moderate(input, 'user');
    if (!verdict.ok) return { refused: await this.refused(userId, input.entry, verdict, 'moderation') };
    return selfHarm ? { crisis: true } : {};
  }

  /** `check` for the form endpoints: a refusal is a 400 `safety_refused` with its Russian detail. */
  async assertSafe(userId: string, input: SafetyInput): Promise<void> {
    const verdict = await this.check(userId, input);
    if (!verdict.ok) throw errors.safetyRefused(verdict.detail);
  }

  /**
   * The crisis protocol's detector (the rules): the user's message with the chat's recent turns. Runs on
   * every message, before the refusal rules: care comes first.
   */
  crisis(text: string, turns: readonly SafetyTurn[] = []): CrisisVerdict {
    return detectCrisis(text, turns);
  }

  /**
   * A crisis referral: her reply that steps out of the role-play with the help lines of the user's
   * country (by the message's language, else the brand's or the configured default), and the referral
   * counted — with no user identifier (the yearly report counts referrals, not people).
   */
  async refer(referral: {
    entry: ReferralEntry;
    kind: string;
    layer: SafetyLayer;
    text: string;
    companionName?: string | undefined;
    brand?: string | undefined;
  }): Promise<CrisisReply> {
    const { repo, clock, log } = this.deps;
    const config = this.deps.crisis ?? { country: 'RU', lines: DEFAULT_CRISIS_LINES };
    const country = countryOfText(referral.text) ?? config.country;
    const branded = referral.brand ? config.lines[`${referral.brand}:${country}`] : undefined;
    const lines = branded ?? crisisLinesFor(country, config.lines);
    const { entry, kind, layer } = referral;
    try {
      await repo.recordReferral({ entry, kind, layer, country, at: clock.now() });
    } catch (error) {
      // The referral stands; only its count is missing.
      log.error({ err: error, entry, kind }, 'safety: crisis referral not counted');
    }
    log.warn({ entry, kind, layer, country }, 'safety: crisis referral');
    return {
      text: crisisReplyText(lines, referral.companionName),
      spoken: crisisSpokenText(lines, referral.companionName),
      lines,
      country,
      kind,
    };
  }

  /** The referrals of a calendar year (UTC), for the yearly report (GET /api/admin/crisis-referrals). */
  referralCounts(year: number): Promise<ReferralCounts> {
    return this.deps.repo.referralCounts(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
  }

  /**
   * Her whole reply, once it has streamed (the rules ran on every chunk): the moderation port when
   * configured, failing open — the reply was already read by the rules.
   */
  async checkReply(text: string, context?: Pick<SafetyInput, 'turns' | 'scene'>): Promise<SafetyVerdict> {
    return (await this.moderate({ text, entry: 'chat', ...context }, 'assistant')).verdict;
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
  private async moderate(input: SafetyInput, role: 'user' | 'assistant'): Promise<Moderated> {
    const { moderation, log } = this.deps;
    const text = input.text?.trim();
    if (moderation.offline || !text || RULES_ONLY.has(input.entry)) return CLEAR;
    try {
      const verdict = await moderation.check({
        text,
        role,
        history: input.history,
        turns: input.turns,
        scene: input.scene ? describeScene(input.scene) : undefined,
      });
      if (!verdict.flagged) {
        // What the guard named that is no refusal here (adult sexual content…), by category, for the log.
        if (verdict.categories?.length)
          log.debug?.(
            { entry: input.entry, role, categories: verdict.categories },
            'safety: moderation noted',
          );
        return CLEAR;
      }
      log.info({ entry: input.entry, role, categories: verdict.categories }, 'safety: moderation flagged');
      // Self-harm is answered with care, not refused; a refusal found with it still refuses.
      const selfHarm = verdict.reason === 'self_harm' || Boolean(verdict.reasons?.includes('self_harm'));
      if (verdict.reason === 'self_harm') return { verdict: OK, selfHarm };
      return {
        verdict: { ok: false, reason: verdict.reason, detail: SAFETY_TEXTS.reasons[verdict.reason] },
        selfHarm,
      };
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
      return CLEAR;
    }
  }
}
