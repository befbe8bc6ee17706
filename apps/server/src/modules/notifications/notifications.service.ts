import {
  NOTIFICATIONS_RECENT_LIMIT,
  type Notification,
  type NotificationType,
  type RecentNotificationsResponse,
  type UnreadCountResponse,
} from '@podruga/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { errors } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isUuid } from '../../validation.ts';
import type { PushService } from '../push/push.service.ts';
import { presentNotification, presentPush } from './notifications.presenter.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { NOTIFICATION_TEXTS } from './notifications.texts.ts';

export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
  /** `character_id` (and `chat_id`) for new_message and character_created. */
  data?: Record<string, string>;
}

/** Her message that reached nobody in the chat (her reply, her photo or video): whose, where, what. */
export interface ReplyAway {
  userId: string;
  chatId: string;
  characterId: string;
  characterName: string;
  text: string;
}

/** The socket side (realtime/socket.ts), bound once the socket server exists. */
export interface NotificationsLive {
  /** Emits `notification` to every socket of the user (`user:{id}`). */
  emit(userId: string, notification: Notification): void;
  /** Whether the user has a connected socket (on any instance when the rooms are on Redis). */
  connected(userId: string): Promise<boolean>;
}

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  push: PushService;
  log: Logger;
  /** Unset until the socket server is attached (app.ts builds it last); then every push goes. */
  live?: () => NotificationsLive | undefined;
}

/**
 * The bell (001 §4 "Notifications", §7): per-user notifications, and `notify`, which other modules call
 * when something happens to the user: stored, sent live over the socket, and pushed to her browsers
 * when no socket of hers is connected.
 */
export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  async unreadCount(user: UserRow): Promise<UnreadCountResponse> {
    return { count: await this.deps.repo.unreadCount(user.id) };
  }

  async recent(user: UserRow): Promise<RecentNotificationsResponse> {
    const rows = await this.deps.repo.recent(user.id, NOTIFICATIONS_RECENT_LIMIT);
    return { notifications: rows.map(presentNotification) };
  }

  /** Another user's id and an unknown id look the same: 404. */
  async markRead(user: UserRow, id: string): Promise<{ success: true }> {
    if (!isUuid(id) || !(await this.deps.repo.markRead(user.id, id))) throw errors.notFound();
    return { success: true };
  }

  async markAllRead(user: UserRow): Promise<{ success: true }> {
    await this.deps.repo.markAllRead(user.id);
    return { success: true };
  }

  /**
   * Stores a notification for the user and delivers it: live to her sockets, or as a Web Push when
   * none is connected. Never throws: what happened to the user stands even if telling her failed.
   */
  async notify(userId: string, input: NotifyInput): Promise<Notification | null> {
    const { repo, push, log, live } = this.deps;
    try {
      const row = await repo.insert({
        userId,
        type: input.type,
        title: input.title,
        message: input.message,
        data: input.data ?? {},
      });
      const notification = presentNotification(row);
      const socket = live?.();
      socket?.emit(userId, notification);
      if (!(await socket?.connected(userId))) await push.deliver(userId, presentPush(row), row.id);
      return notification;
    } catch (error) {
      log.warn({ err: error, userId, type: input.type }, 'notification not delivered');
      return null;
    }
  }

  /** 001 §3 character_created: her chat opens from it. */
  characterCreated(userId: string, character: { id: string; name: string }): Promise<unknown> {
    return this.notify(userId, {
      type: 'character_created',
      ...NOTIFICATION_TEXTS.characterCreated(character.name),
      data: { character_id: character.id },
    });
  }

  emailVerified(userId: string): Promise<unknown> {
    return this.notify(userId, { type: 'email_verified', ...NOTIFICATION_TEXTS.emailVerified });
  }

  /** Her reply finished while the user was away from the chat. */
  replyWhileAway(reply: ReplyAway): Promise<unknown> {
    return this.notify(reply.userId, {
      type: 'new_message',
      ...NOTIFICATION_TEXTS.newMessage(reply.characterName, reply.text),
      data: { character_id: reply.characterId, chat_id: reply.chatId },
    });
  }
}
