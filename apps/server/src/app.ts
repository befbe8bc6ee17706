import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { UserRow } from './db/schema/index.ts';
import { createJobQueue, type JobQueueOptions } from './jobs/index.ts';
import type { JobQueue } from './jobs/queue.ts';
import { loadOrCreateSecret } from './keys.ts';
import { createLinkContext } from './link-context.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { AffiliatesRepository } from './modules/affiliates/affiliates.repository.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { AffiliatesService, touchOf } from './modules/affiliates/affiliates.service.ts';
import { AccountService } from './modules/auth/account.service.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService, type GuestMigratedHook } from './modules/auth/auth.service.ts';
import { SessionTokens } from './modules/auth/session-tokens.ts';
import {
  GuestLimits,
  LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleOptions,
} from './modules/auth/throttle.ts';
import { blogValues, loadBlog } from './modules/blog/blog.content.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { BlogService } from './modules/blog/blog.service.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { CatalogueService } from './modules/catalogue/catalogue.service.ts';
import { CharactersRepository } from './modules/characters/characters.repository.ts';
import { charactersRoutes, chatsRoutes } from './modules/characters/characters.routes.ts';
import { CharactersService } from './modules/characters/characters.service.ts';
import { PortraitService } from './modules/characters/portrait.service.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { ConfigService } from './modules/config/config.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import {
  buildHerPhotoPrompt,
  buildHerVideoPrompt,
  herSeed,
  sceneRefusal,
} from './modules/her-media/photo-prompt.ts';
import { inflectionRoutes } from './modules/inflection/inflection.routes.ts';
import { likenessRoutes } from './modules/likeness/likeness.routes.ts';
import { LikenessService } from './modules/likeness/likeness.service.ts';
import { LimitsRepository } from './modules/limits/limits.repository.ts';
import { limitsRoutes } from './modules/limits/limits.routes.ts';
import { LimitsService } from './modules/limits/limits.service.ts';
import { createSendThrottle, type SendThrottleOptions } from './modules/limits/send-throttle.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { HerMediaRepository } from './modules/messages/her-media/her-media.repository.ts';
import { type HerMediaPrompts, HerMediaService } from './modules/messages/her-media/her-media.service.ts';
import { LiveReplies, type LiveRepliesOptions } from './modules/messages/live-replies.ts';
import { presentMessage } from './modules/messages/messages.presenter.ts';
import { MessagesRepository } from './modules/messages/messages.repository.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { RedisReplyStreams } from './modules/messages/reply-streams.ts';
import { BreakReminders } from './modules/messages/send/breaks.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { PaymentsRepository, SandboxPaymentsStore } from './modules/payments/payments.repository.ts';
import { paymentsRoutes, sandboxPageRoutes } from './modules/payments/payments.routes.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { PreviewsService } from './modules/previews/previews.service.ts';
import { PushRepository } from './modules/push/push.repository.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { PushService } from './modules/push/push.service.ts';
import { loadVapidKeys } from './modules/push/vapid.ts';
import { SafetyRepository } from './modules/safety/safety.repository.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import { SafetyService } from './modules/safety/safety.service.ts';
import { helpAudioRoutes } from './modules/speech/help-audio.routes.ts';
import { listenRoutes } from './modules/speech/listen.routes.ts';
import { ListenService } from './modules/speech/listen.service.ts';
import { speechRoutes } from './modules/speech/speech.routes.ts';
import { SpeechService } from './modules/speech/speech.service.ts';
import { SupportRepository } from './modules/support/support.repository.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { SupportService } from './modules/support/support.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { attachVoicePipeline } from './modules/voice-call/pipeline/voice-pipeline.ts';
import { VoiceCallRepository } from './modules/voice-call/voice-call.repository.ts';
import { voiceCallRoutes } from './modules/voice-call/voice-call.routes.ts';
import { VoiceCallService } from './modules/voice-call/voice-call.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerBodyParsers } from './plugins/body-parsers.ts';
import { frameworkErrorOptions, registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMaintenanceMode } from './plugins/maintenance.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { trackRoutes } from './plugins/routes.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createImagePort } from './providers/image/index.ts';
import type { ImagePort } from './providers/image/port.ts';
import { createIntentPort } from './providers/intent/index.ts';
import type { IntentPort } from './providers/intent/port.ts';
import { createLlmPort } from './providers/llm/index.ts';
import type { LlmPort } from './providers/llm/port.ts';
import { MailDispatcher } from './providers/mail/dispatcher.ts';
import { createMailPort } from './providers/mail/index.ts';
import type { MailPort } from './providers/mail/port.ts';
import { createModerationPort } from './providers/moderation/index.ts';
import type { ModerationPort } from './providers/moderation/port.ts';
import { createPaymentProviders, REAL_PAYMENT_ADAPTERS } from './providers/payments/index.ts';
import type { PaymentPorts } from './providers/payments/port.ts';
import type { ProviderInfo } from './providers/port.ts';
import { createStoragePort } from './providers/storage/index.ts';
import type { StoragePort } from './providers/storage/port.ts';
import { createSttPort } from './providers/stt/index.ts';
import type { SttPort } from './providers/stt/port.ts';
import { createTtsPort } from './providers/tts/index.ts';
import type { TtsPort } from './providers/tts/port.ts';
import { createVideoPort } from './providers/video/index.ts';
import type { VideoPort } from './providers/video/port.ts';
import { createVisionPort } from './providers/vision/index.ts';
import type { VisionPort } from './providers/vision/port.ts';
import { createVoiceAgentPort } from './providers/voice-agent/index.ts';
import type { VoiceAgentPort } from './providers/voice-agent/port.ts';
import { attachRealtime, type Realtime, type SocketEventCap } from './realtime/socket.ts';
import { connectRedis } from './redis.ts';

/** 1 MB: enough for any JSON or form we accept; uploads get their own limits on their routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What tests (and server.ts) may hand in instead of what the config would build. */
export interface AppDeps {
  /** Already migrated. Without it the app opens the configured database, migrates it and closes it. */
  database?: Database;
  mailer?: MailPort;
  image?: ImagePort;
  llm?: LlmPort;
  vision?: VisionPort;
  /** Speech-to-text for voice messages (issue 15). */
  stt?: SttPort;
  /** The moderation port on top of the safety rules (offline: the rules alone). */
  moderation?: ModerationPort;
  storage?: StoragePort;
  clock?: Clock;
  onGuestMigrated?: GuestMigratedHook;
  /** Chunk coalescing of streamed replies (DESIGN §8). */
  chunkChars?: number;
  chunkDelayMs?: number;
  /** Reply checkpoints and what counts as a dead instance's reply (docs/decisions/0007). */
  replies?: LiveRepliesOptions;
  /** How long a shutdown lets replies in flight finish before storing them as interrupted. */
  drainMs?: number;
  /** Sends per user per window (socket and HTTP); null = unthrottled. */
  sendThrottle?: SendThrottleOptions | null;
  /** The flood cap of one socket connection. */
  socketEventCap?: SocketEventCap;
  /** Key prefix of the rate-limit counters (tests sharing one Redis keep theirs apart). */
  counterPrefix?: string;
  /** Shorter login locks for tests. */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** The job queue's BullMQ prefix, or the in-process runner's retry timer (tests). */
  jobs?: JobQueueOptions;
  /** Photos and videos of her (issue 14): the video port, the request recogniser, her prompts. */
  video?: VideoPort;
  intent?: IntentPort;
  herPrompts?: HerMediaPrompts;
  /** Her voice (issue 15): the text-to-speech port. */
  tts?: TtsPort;
  /** Voice calls (issue 15): ElevenLabs agents or our pipeline. */
  voiceAgent?: VoiceAgentPort;
  /** Payment adapters built elsewhere (tests: the real adapters against their fakes). */
  payments?: Partial<PaymentPorts>;
  /** The least time between two status calls for one order (tests: 0). */
  paymentStatusGapMs?: number;
}

/** Her photos' and videos' prompts (modules/her-media/photo-prompt.ts). */
const HER_PROMPTS: HerMediaPrompts = {
  photo: buildHerPhotoPrompt,
  video: buildHerVideoPrompt,
  seed: herSeed,
  refusal: sceneRefusal,
};

/** The blog's posts (Markdown with front matter), beside src/ and dist/ alike. */
export const BLOG_DIR = fileURLToPath(new URL('../content/blog', import.meta.url));

/** A deploy's SIGTERM lets replies in flight finish for this long (docs/decisions/0007). */
export const DRAIN_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail; `drain()` waits for mail in flight. */
    mail: MailDispatcher;
    /** The adapter behind each provider port. */
    providers: Record<string, ProviderInfo>;
    /** The ready-made companions; server.ts seeds them (and queues missing portraits) at start. */
    catalogue: CatalogueService;
    /** Slow work off the request path (jobs/): in-process, or BullMQ when REDIS_URL is set. */
    jobs: JobQueue;
    /** socket.io at /socket.io. */
    realtime: Realtime;
    /** Streaming replies: server.ts recovers those a dead instance left at start-up. */
    replies: LiveReplies;
    /** Support requests; server.ts queues the mails a stopped process left unsent. */
    support: SupportService;
    /** Her photos and videos; server.ts queues the pending ones again at start. */
    herMedia: HerMediaService;
    /** The video preview's 20 clips; server.ts queues the missing ones at start (PREVIEW_CLIPS). */
    previews: PreviewsService;
    /** Paid access; server.ts queues the end-of-access reminders again at start. */
    payments: PaymentsService;
    /** Voice calls (issue 15); server.ts closes or watches again the calls a stopped process left active. */
    voiceCalls: VoiceCallService;
  }
}

/**
 * Builds the whole app — infrastructure plugins, then modules, then the web app — and returns it
 * ready, without listening: server.ts listens, tests use `inject`.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...((config.logPretty ?? process.stdout.isTTY) ? { transport: { target: 'pino-pretty' } } : {}),
    },
    // A hop count becomes a function: Fastify's types accept only booleans, addresses and functions.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  trackRoutes(app);
  registerInputGuard(app);

  const database = deps.database ?? (await openDatabase(config));
  if (!deps.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailPort(config, app.log);
  const mail = new MailDispatcher(mailer, app.log);
  app.decorate('mail', mail);
  const image = deps.image ?? createImagePort(config);
  const storage: StoragePort & { close?: () => void } = deps.storage ?? createStoragePort(config);
  const llm = deps.llm ?? createLlmPort(config);
  const vision = deps.vision ?? createVisionPort(config);
  const moderation = deps.moderation ?? createModerationPort(config);
  const video: VideoPort & { close?: () => Promise<void> } = deps.video ?? createVideoPort(config, app.log);
  const intent = deps.intent ?? createIntentPort(config, app.log);
  const stt = deps.stt ?? createSttPort(config);
  const tts: TtsPort & { close?: () => Promise<void> } = deps.tts ?? createTtsPort(config, app.log);
  const voiceAgent = deps.voiceAgent ?? createVoiceAgentPort(config, { stt, llm, tts });
  app.decorate('providers', {
    mail: mailer,
    image,
    storage,
    llm,
    vision,
    moderation,
    video,
    intent,
    stt,
    tts,
    voiceCall: voiceAgent,
  });
  // The offline adapters' render and speech workers stop with the app.
  app.addHook('onClose', async () => video.close?.());
  app.addHook('onClose', async () => tts.close?.());
  app.addHook('onClose', async () => storage.close?.());
  app.addHook('onClose', async () => {
    await mail.drain();
    await mailer.close();
  });
  // Added after the database's onClose, so it runs before it (LIFO): running jobs still have the database.
  const jobs = await createJobQueue(config.redisUrl, app.log, {
    prefix: `${config.redisPrefix}-jobs`,
    ...deps.jobs,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.close(deps.drainMs ?? DRAIN_MS));

  await registerBodyParsers(app);
  await registerSecurityHeaders(
    app,
    config.mediaBaseUrl,
    voiceAgent.mode === 'elevenlabs' ? config.voiceCall.elevenlabs?.baseUrl : undefined,
  );
  const counters = await registerRateLimit(
    app,
    config.redisUrl,
    deps.counterPrefix ?? `${config.redisPrefix}:`,
  );
  if (config.maintenanceMode) registerMaintenanceMode(app);

  // Generated secrets live in the database, so every instance on it signs alike (docs/decisions/0026).
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt.secret', database.db));
  const sessions = new SessionTokens(jwtSecret, clock);
  // The bell and Web Push (issue 12): other modules call notify(); the socket side is bound late.
  const push = new PushService({
    repo: new PushRepository(database.db),
    jobs,
    clock,
    log: app.log,
    vapid: await loadVapidKeys(config, database.db),
    extraHosts: config.push.extraHosts,
  });
  const notifications = new NotificationsService({
    repo: new NotificationsRepository(database.db),
    push,
    log: app.log,
    live: () =>
      realtime && {
        emit: (userId, notification) => realtime?.notification(userId, notification),
        connected: async (userId) => (await realtime?.connected(userId)) ?? false,
      },
  });
  const authRepo = new AuthRepository(database.db);
  const loginThrottle = new LoginThrottle(counters, { ...LOGIN_THROTTLE, ...deps.loginThrottle });
  const account = new AccountService({ repo: authRepo, mail, clock, loginThrottle, notifications });
  const auth = new AuthService({
    repo: authRepo,
    sessions,
    account,
    clock,
    log: app.log,
    loginThrottle,
    guestLimits: new GuestLimits(counters),
    onGuestMigrated: async (guestUserId, accountUserId) => {
      realtime?.guestMigrated(guestUserId);
      await deps.onGuestMigrated?.(guestUserId, accountUserId);
    },
  });
  // Bound late: the socket server needs the auth and messages services built below.
  let realtime: Realtime | undefined;
  const optionalUser = registerAuth(app, auth, clock);
  const linkContext = createLinkContext(config);

  // The replies' drain is wired below; until then the instance is not draining.
  let draining = () => false;
  await app.register(healthRoutes, { prefix: '/api', draining: () => draining() });
  await app.register(configRoutes, {
    prefix: '/api',
    service: new ConfigService(
      app.providers,
      config.debugRoutesSecret,
      () => payments.modes,
      config.mediaBaseUrl,
    ),
  });
  // Affiliate links (issue 16): visits, the account's first touch, the admins' report.
  const affiliates = new AffiliatesService({
    repo: new AffiliatesRepository(database.db),
    clock,
    log: app.log,
    adminEmails: config.adminEmails,
  });
  const touch = (user: UserRow, request: FastifyRequest) => affiliates.attach(user, touchOf(request.headers));
  await app.register(affiliatesRoutes, { service: affiliates });
  await app.register(adminRoutes, { jobs, adminEmails: config.adminEmails });
  await app.register(authRoutes, { prefix: '/api/auth', auth, account, optionalUser, linkContext, touch });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', service: notifications });
  await app.register(pushRoutes, { prefix: '/api/push', service: push });
  await app.register(usersRoutes, {
    prefix: '/api/user',
    service: new UsersService(new UsersRepository(database.db), clock),
  });

  // Every entry point of free text asks the safety service: the rules, then the moderation port.
  const safety = new SafetyService({
    repo: new SafetyRepository(database.db),
    moderation,
    log: app.log,
    clock,
    crisis: config.crisis,
  });
  await app.register(safetyRoutes, { safety, adminEmails: config.adminEmails });
  const charactersRepo = new CharactersRepository(database.db);
  const characters = new CharactersService({
    repo: charactersRepo,
    storage,
    clock,
    log: app.log,
    safety,
    notifications,
  });
  const portraits = new PortraitService({ image, repo: charactersRepo, log: app.log, safety });
  const catalogue = new CatalogueService({
    repo: new CatalogueRepository(database.db),
    jobs,
    image,
    storage,
    characters,
    log: app.log,
  });
  app.decorate('catalogue', catalogue);
  app.decorate('previews', new PreviewsService({ jobs, video, storage, catalogue, log: app.log }));
  await app.register(charactersRoutes, { prefix: '/api/characters', service: characters, portraits });
  await app.register(chatsRoutes, { prefix: '/api/chats', service: characters });
  await app.register(catalogueRoutes, { prefix: '/api/catalogue', service: catalogue });
  // Creation by likeness (issue 16, DESIGN §6): the photo only suggests fields and is never stored.
  await app.register(likenessRoutes, {
    service: new LikenessService({
      vision,
      llm,
      image,
      storage,
      safety,
      characters,
      log: app.log,
      secret: jwtSecret,
    }),
  });
  await app.register(inflectionRoutes, { prefix: '/api/inflection' });
  await app.register(mediaRoutes, {
    media: new MediaService({ characters, storage }),
    characters,
    storage,
  });
  const limits = new LimitsService(new LimitsRepository(database.db), clock, config.photosPerDay);
  await app.register(limitsRoutes, { prefix: '/api/user', service: limits });
  const paymentProviders = createPaymentProviders(config, {
    store: new SandboxPaymentsStore(database.db),
    clock,
    real: REAL_PAYMENT_ADAPTERS,
    ...(deps.payments ? { override: deps.payments } : {}),
  });
  const payments = new PaymentsService({
    repo: new PaymentsRepository(database.db),
    clock,
    log: app.log,
    providers: paymentProviders,
    notifications,
    mail,
    jobs,
    brands: config.brands,
    ...(deps.paymentStatusGapMs !== undefined ? { statusCheckGapMs: deps.paymentStatusGapMs } : {}),
  });
  app.decorate('payments', payments);
  await app.register(paymentsRoutes, { prefix: '/api/payment', service: payments, linkContext, touch });
  await app.register(sandboxPageRoutes, { service: payments });
  const messagesRepo = new MessagesRepository(database.db);
  // One Redis client for the socket.io adapter's publishing and the resumable replies (issue 17): a
  // chunk's RPUSH goes out before its PUBLISH, on one connection, so no instance hears a chunk that a
  // resuming client's snapshot could miss.
  // Auto-pipelined: the chunks of every reply sent in one tick (their RPUSH and the adapter's XADD) go
  // out in one write, in order.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, { autoPipelining: true }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  const replies = new LiveReplies(
    messagesRepo,
    app.log,
    deps.replies,
    redis ? new RedisReplyStreams(redis, config.redisPrefix) : undefined,
  );
  replies.startRecovery();
  draining = () => !replies.accepting;
  // Replies a dead instance left, finished by this one: their chats' rooms see them cut short.
  replies.onRecovered = (rows) => {
    for (const row of rows) realtime?.chatMessage(row.chatId, presentMessage(row));
  };
  app.decorate('replies', replies);
  const throttle = deps.sendThrottle === null ? undefined : createSendThrottle(counters, deps.sendThrottle);
  // Before the socket layer's own preClose: sockets stay open while the replies in flight finish.
  app.addHook('preClose', () => replies.drain(deps.drainMs ?? DRAIN_MS));
  const herMedia = new HerMediaService({
    repo: new HerMediaRepository(database.db),
    limits,
    jobs,
    image,
    video,
    storage,
    safety,
    intent,
    prompts: deps.herPrompts ?? HER_PROMPTS,
    clock,
    log: app.log,
    mediaBaseUrl: config.mediaBaseUrl,
    live: () => realtime?.herMedia,
    readyWhileAway: (reply) => notifications.replyWhileAway(reply),
  });
  app.decorate('herMedia', herMedia);
  const messages = new MessagesService({
    repo: messagesRepo,
    limits,
    llm,
    vision,
    storage,
    safety,
    log: app.log,
    live: replies,
    media: herMedia,
    throttle,
    breaks: new BreakReminders({ repo: messagesRepo, clock, options: config.breakReminder }),
    ...(deps.chunkChars !== undefined ? { chunkChars: deps.chunkChars } : {}),
    ...(deps.chunkDelayMs !== undefined ? { chunkDelayMs: deps.chunkDelayMs } : {}),
  });
  await app.register(messagesRoutes, {
    prefix: '/api',
    service: messages,
    media: herMedia,
    brands: config.brands,
  });
  await app.register(listenRoutes, {
    service: new ListenService({ messages, tts, storage, log: app.log }),
  });
  const support = new SupportService({
    repo: new SupportRepository(database.db),
    jobs,
    mailer,
    brands: config.brands,
    counters,
    clock,
    log: app.log,
  });
  app.decorate('support', support);
  await app.register(supportRoutes, { prefix: '/api/support', service: support, linkContext });
  await app.register(speechRoutes, {
    prefix: '/api/speech',
    service: new SpeechService({ stt, log: app.log }),
  });
  // Voice calls (issue 15): agents, start and end, the day's voice seconds, the chat's voice_call entries.
  const voiceCalls = new VoiceCallService({
    repo: new VoiceCallRepository(database.db),
    agents: voiceAgent,
    limits,
    jobs,
    clock,
    log: app.log,
    stt,
    live: () => realtime && { message: (chatId, message) => realtime?.chatMessage(chatId, message) },
  });
  app.decorate('voiceCalls', voiceCalls);
  await app.register(voiceCallRoutes, { prefix: '/api/voice-call', service: voiceCalls });
  realtime = await attachRealtime(app, {
    sessions: auth,
    messages,
    redis,
    redisPrefix: config.redisPrefix,
    onReplyAway: (reply) => notifications.replyWhileAway(reply),
    brands: config.brands,
    ...(deps.socketEventCap ? { eventCap: deps.socketEventCap } : {}),
  });
  app.decorate('realtime', realtime);
  // Our own voice calls (issue 15): the /voice namespace of the same socket server.
  const voicePipeline = attachVoicePipeline(realtime.io, {
    sessions: auth,
    calls: voiceCalls,
    stt,
    sttAvailable: !stt.offline,
    llm,
    tts,
    safety,
    log: app.log,
  });
  app.addHook('preClose', () => voicePipeline.close());
  await app.register(helpAudioRoutes, { tts, storage, log: app.log });
  const blog = new BlogService(loadBlog(BLOG_DIR, blogValues(config.photosPerDay)));
  const origin = (request: { host: string; protocol: string }) => linkContext(request).baseUrl;
  await app.register(blogRoutes, { service: blog, brands: config.brands, origin });
  await registerWebApp(app, config.webDistDir, config.brands, {
    prerender: (path, brand) => blog.prerender(path, brand),
    baseUrl: origin,
    mediaBaseUrl: config.mediaBaseUrl,
  });

  await app.ready();
  return app;
}
