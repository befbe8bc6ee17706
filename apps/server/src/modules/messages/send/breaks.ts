import type { Clock } from '../../../clock.ts';
import type { ChatRow, MessageRow } from '../../../db/schema/index.ts';
import { BREAK_REMINDER_KEY, type BreakReminderOptions, breakReminder } from '../break-reminder.ts';
import type { MessagesRepository } from '../messages.repository.ts';

/** How often one chat is asked whether her break reminder is due (it needs a read of the session). */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * The long-session reminder (issue 27): after her reply, when the chat has been going on without a
 * pause for `afterMin` minutes, her gentle in-character message suggesting a break, stored with
 * `metadata.break_reminder`. Reading the session costs a query, so a chat is asked only once this process
 * has seen it for `afterMin` minutes, and then at most every five minutes; `afterMin` 0 turns it off. (A
 * restart or another instance only delays a reminder.)
 */
export class BreakReminders {
  /** When this process first saw a reply in each chat: a session cannot be long before `afterMin` of it. */
  private readonly firstSeen = new Map<string, number>();
  private readonly nextCheck = new Map<string, number>();

  constructor(
    private readonly deps: {
      repo: Pick<MessagesRepository, 'sessionRows' | 'insert'>;
      clock: Clock;
      options: BreakReminderOptions;
    },
  ) {}

  /** Her reminder, stored, when it is due after her reply in `chat`; undefined when not. */
  async after(chat: Pick<ChatRow, 'id' | 'userId'>): Promise<MessageRow | undefined> {
    const { repo, clock, options } = this.deps;
    if (options.afterMin <= 0) return undefined;
    const now = clock.now();
    // No query until this process has seen the chat for the session's length: most chats never are.
    const seen = this.firstSeen.get(chat.id);
    if (seen === undefined) {
      this.firstSeen.set(chat.id, now.getTime());
      if (this.firstSeen.size > 50_000) this.firstSeen.delete(this.firstSeen.keys().next().value as string);
      return undefined;
    }
    if (now.getTime() - seen < options.afterMin * 60_000) return undefined;
    if ((this.nextCheck.get(chat.id) ?? 0) > now.getTime()) return undefined;
    this.nextCheck.set(chat.id, now.getTime() + CHECK_EVERY_MS);
    if (this.nextCheck.size > 10_000) this.nextCheck.delete(this.nextCheck.keys().next().value as string);
    // The session is read in the database's own time, as its messages were stamped.
    const rows = await repo.sessionRows(chat.id, options.afterMin + options.pauseMin);
    const newest = rows.reduce((at, row) => Math.max(at, row.createdAt.getTime()), 0);
    const text = newest ? breakReminder(rows, new Date(newest), options) : null;
    if (!text) return undefined;
    return repo.insert({
      chatId: chat.id,
      userId: chat.userId,
      content: text,
      isUser: false,
      metadata: { [BREAK_REMINDER_KEY]: true },
    });
  }
}
