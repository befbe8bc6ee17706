import {
  voiceAgentCreatedSchema,
  voiceAgentInfoSchema,
  voiceCallEndedSchema,
  voiceCallEndSchema,
  voiceCallStartedSchema,
  voiceCallStartSchema,
} from '@podruga/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.ts';
import { userOf } from '../../plugins/auth.ts';
import type { VoiceCallService } from './voice-call.service.ts';

const MINUTE = 60_000;
const tooMany = () =>
  errors.tooManyRequests('Слишком много попыток звонка. Попробуйте через несколько минут');
/** Per session user, after the access check (plugins/rate-limit.ts registers the plugin). */
const perUser = (max: number, timeWindow: number) => ({
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  max,
  timeWindow,
  errorResponseBuilder: tooMany,
});
/**
 * Each new agent and each start is a call to a paid provider: bounded for scripts, never for people (a
 * start every 20 s; her agent is made once and again only when she changes).
 */
const LIMITS = {
  createAgent: perUser(20, 60 * MINUTE),
  start: perUser(30, 10 * MINUTE),
  end: perUser(60, 10 * MINUTE),
};

const characterParams = z.object({ characterId: z.string().max(100) });
const callParams = z.object({ callId: z.string().max(100) });

/**
 * The voice-call routes (000 §7, 001 §7; packages/shared/src/api/voiceCall.ts), under /api/voice-call.
 * A guest may call too (30 s a day); every route needs a session and the caller's own companion or call.
 */
export const voiceCallRoutes: FastifyPluginAsyncZod<{ service: VoiceCallService }> = async (
  app,
  { service },
) => {
  app.get(
    '/agent-info/:characterId',
    {
      config: { access: 'guest' },
      schema: { params: characterParams, response: { 200: voiceAgentInfoSchema } },
    },
    async (request) => service.agentInfo(userOf(request), request.params.characterId),
  );
  app.post(
    '/create-agent/:characterId',
    {
      config: { access: 'guest', rateLimit: LIMITS.createAgent },
      schema: { params: characterParams, response: { 200: voiceAgentCreatedSchema } },
    },
    async (request) => service.createAgent(userOf(request), request.params.characterId),
  );
  app.post(
    '/start/:characterId',
    {
      config: { access: 'guest', rateLimit: LIMITS.start },
      schema: {
        params: characterParams,
        body: voiceCallStartSchema,
        response: { 200: voiceCallStartedSchema },
      },
    },
    async (request) => service.start(userOf(request), request.params.characterId, request.body),
  );
  app.post(
    '/:callId/end',
    {
      config: { access: 'guest', rateLimit: LIMITS.end },
      schema: { params: callParams, body: voiceCallEndSchema, response: { 200: voiceCallEndedSchema } },
    },
    async (request) => service.finish(userOf(request), request.params.callId, request.body),
  );
};
