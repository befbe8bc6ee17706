import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Resumable replies (issue 17): the text every live reply has sent so far, chunk by chunk, keyed by
 * its message id, so a client that comes back — a reload, a phone that slept, a socket now on another
 * instance — gets the text so far at once and the rest live, and so the reply of an instance that died
 * is finished with every word the user saw. In memory on one instance; in Redis (REDIS_URL) across
 * instances, with each instance's heartbeat telling the survivors which replies lost their generator.
 *
 * A reply's chunks are numbered as the socket numbers them (`message_chunk.chunk_index`): the snapshot's
 * `chunk_index` is the last one it holds, so a client drops the live chunks it already has.
 */
export interface ReplySnapshot {
  id: string;
  chatId: string;
  /** The text sent so far: every chunk up to `chunkIndex`. */
  content: string;
  /** The index of the last chunk in `content`; -1 when none was sent yet. */
  chunkIndex: number;
}

/** A reply whose instance stopped beating: what it had sent when it died. */
export interface OrphanReply {
  id: string;
  chatId: string;
  content: string;
}

export interface ReplyStreams {
  /** This instance's id (heartbeats and ownership). */
  readonly instanceId: string;
  /** Whether other instances may hold replies (Redis): then dead ones are looked for. */
  readonly shared: boolean;
  /** A reply starts; `initial` is chunk 0 when it continues a text already sent (a "continue"). */
  open(id: string, chatId: string, initial?: string): void;
  /** The next chunk, as sent. Never awaited on the relay's path. */
  append(id: string, chunk: string): void;
  /** The reply's row is final: its stream goes. */
  close(id: string, chatId: string): Promise<void>;
  /**
   * The chat's replies being generated (by an instance that beat within `staleMs`), and those whose
   * instance died.
   */
  chat(chatId: string, staleMs: number): Promise<{ live: ReplySnapshot[]; orphans: OrphanReply[] }>;
  /** The replies of every instance that has not beaten for `staleMs` (Redis only). */
  orphans(staleMs: number): Promise<OrphanReply[]>;
  /** An orphan was finished (stored): forget it. */
  forget(orphan: OrphanReply): Promise<void>;
  /** Redis: this instance is alive (every few seconds). */
  beat(): Promise<void>;
  /** This instance stops: its heartbeat goes (its replies were drained already). */
  stop(): Promise<void>;
}

/** One instance: the replies of this process, in memory. Nobody else can hold one. */
export class MemoryReplyStreams implements ReplyStreams {
  readonly instanceId = randomUUID();
  readonly shared = false;
  private readonly replies = new Map<string, { chatId: string; parts: string[] }>();

  open(id: string, chatId: string, initial?: string): void {
    this.replies.set(id, { chatId, parts: initial ? [initial] : [] });
  }

  append(id: string, chunk: string): void {
    this.replies.get(id)?.parts.push(chunk);
  }

  async close(id: string): Promise<void> {
    this.replies.delete(id);
  }

  async chat(chatId: string): Promise<{ live: ReplySnapshot[]; orphans: OrphanReply[] }> {
    const live: ReplySnapshot[] = [];
    for (const [id, reply] of this.replies) {
      if (reply.chatId !== chatId) continue;
      live.push({ id, chatId, content: reply.parts.join(''), chunkIndex: reply.parts.length - 1 });
    }
    return { live, orphans: [] };
  }

  async orphans(): Promise<OrphanReply[]> {
    return [];
  }

  async forget(): Promise<void> {}
  async beat(): Promise<void> {}
  async stop(): Promise<void> {}
}

/** How long a reply's keys live without being closed (a generator never takes longer). */
const REPLY_TTL_S = 2 * 60 * 60;

/**
 * Several instances: Redis. Per reply a list of its chunks; per chat and per instance a hash of the
 * replies being generated; a sorted set of instances by their last heartbeat (Redis's own clock, so
 * instances' clocks need not agree). `append` is one RPUSH, pipelined by ioredis with the emit's own
 * traffic; every command of one reply goes through one connection, in order.
 */
export class RedisReplyStreams implements ReplyStreams {
  readonly instanceId = randomUUID();
  readonly shared = true;
  /** Replies whose list has no lifetime yet: it is set with the first chunk. */
  private readonly fresh = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string) {
    return `${this.prefix}:reply:${id}`;
  }
  private chatKey(chatId: string) {
    return `${this.prefix}:chat-replies:${chatId}`;
  }
  private instanceKey(instanceId: string) {
    return `${this.prefix}:instance-replies:${instanceId}`;
  }
  private get instancesKey() {
    return `${this.prefix}:instances`;
  }

  open(id: string, chatId: string, initial?: string): void {
    const tx = this.redis.multi().del(this.key(id));
    if (initial) tx.rpush(this.key(id), initial).expire(this.key(id), REPLY_TTL_S);
    else this.fresh.add(id);
    tx.hset(this.chatKey(chatId), id, this.instanceId)
      .expire(this.chatKey(chatId), REPLY_TTL_S)
      .hset(this.instanceKey(this.instanceId), id, chatId)
      .expire(this.instanceKey(this.instanceId), REPLY_TTL_S);
    tx.exec().catch(() => {});
  }

  append(id: string, chunk: string): void {
    if (this.fresh.delete(id)) {
      this.redis
        .multi()
        .rpush(this.key(id), chunk)
        .expire(this.key(id), REPLY_TTL_S)
        .exec()
        .catch(() => {});
    } else this.redis.rpush(this.key(id), chunk).catch(() => {});
  }

  async close(id: string, chatId: string): Promise<void> {
    this.fresh.delete(id);
    await this.redis
      .multi()
      .del(this.key(id))
      .hdel(this.instanceKey(this.instanceId), id)
      .hdel(this.chatKey(chatId), id)
      .exec();
  }

  private async now(): Promise<number> {
    const [seconds, micros] = await this.redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  async chat(chatId: string, staleMs: number): Promise<{ live: ReplySnapshot[]; orphans: OrphanReply[] }> {
    const owners = await this.redis.hgetall(this.chatKey(chatId));
    const ids = Object.keys(owners);
    if (ids.length === 0) return { live: [], orphans: [] };
    const read = this.redis.multi().time();
    for (const id of ids) read.lrange(this.key(id), 0, -1).zscore(this.instancesKey, owners[id] as string);
    const results = (await read.exec()) ?? [];
    const [seconds, micros] = (results[0]?.[1] as [string, string] | undefined) ?? ['0', '0'];
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const live: ReplySnapshot[] = [];
    const orphans: OrphanReply[] = [];
    ids.forEach((id, i) => {
      const parts = (results[1 + i * 2]?.[1] as string[] | undefined) ?? [];
      const beat = results[2 + i * 2]?.[1] as string | null | undefined;
      const content = parts.join('');
      if (beat && now - Number(beat) < staleMs) {
        live.push({ id, chatId, content, chunkIndex: parts.length - 1 });
      } else orphans.push({ id, chatId, content });
    });
    return { live, orphans };
  }

  async orphans(staleMs: number): Promise<OrphanReply[]> {
    const now = await this.now();
    const dead = await this.redis.zrangebyscore(this.instancesKey, 0, now - staleMs);
    const orphans: OrphanReply[] = [];
    for (const instanceId of dead) {
      const replies = await this.redis.hgetall(this.instanceKey(instanceId));
      const ids = Object.keys(replies);
      if (ids.length === 0) {
        // Nothing left of it: the instance itself is forgotten.
        await this.redis.zrem(this.instancesKey, instanceId);
        continue;
      }
      const read = this.redis.multi();
      for (const id of ids) read.lrange(this.key(id), 0, -1);
      const texts = (await read.exec()) ?? [];
      ids.forEach((id, i) => {
        const parts = (texts[i]?.[1] as string[] | undefined) ?? [];
        orphans.push({ id, chatId: replies[id] as string, content: parts.join('') });
      });
    }
    return orphans;
  }

  async forget(orphan: OrphanReply): Promise<void> {
    const owner = await this.redis.hget(this.chatKey(orphan.chatId), orphan.id);
    const tx = this.redis.multi().del(this.key(orphan.id)).hdel(this.chatKey(orphan.chatId), orphan.id);
    if (owner) tx.hdel(this.instanceKey(owner), orphan.id);
    await tx.exec();
  }

  async beat(): Promise<void> {
    await this.redis.zadd(this.instancesKey, await this.now(), this.instanceId);
  }

  async stop(): Promise<void> {
    await this.redis.zrem(this.instancesKey, this.instanceId).catch(() => {});
  }
}

/** An instance beats every this often… */
export const HEARTBEAT_MS = 2_000;
/** …and is dead, its replies orphans, once it has not for this long. */
export const ORPHAN_AFTER_MS = 6_000;
