import {
  anonymousBodySchema,
  authResponseSchema,
  changeEmailBodySchema,
  forgotPasswordBodySchema,
  loginFormSchema,
  registerFormSchema,
  resetPasswordBodySchema,
  successMessageSchema,
  upgradeResponseSchema,
  validateResponseSchema,
  verificationStatusSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@podruga/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LinkContext } from '../../link-context.ts';
import { type AuthHooks, userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { AccountService } from './account.service.ts';
import { presentAuth, presentMembership, presentUser } from './auth.presenter.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  account: AccountService;
  hooks: AuthHooks;
  linkContext: (request: FastifyRequest) => LinkContext;
}

/** /api/auth/* (000 §7): parse with the shared schema, call the service, present. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, account, hooks, linkContext } = opts;
  const signedIn = { preHandler: hooks.requireUser };
  const authResponse = { 200: authResponseSchema };

  app.post(
    '/anonymous',
    { schema: { body: anonymousBodySchema, response: authResponse } },
    async (request) => {
      const { user, accessToken } = await auth.createGuest({
        address: request.ip,
        previousToken: request.body?.previous_token,
      });
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/logout',
    { ...signedIn, config: { rateLimit: RATE_LIMITS.logout }, schema: { response: authResponse } },
    async (request) => {
      const { user, accessToken } = await auth.logout(userOf(request));
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/token',
    { config: { rateLimit: RATE_LIMITS.login }, schema: { body: loginFormSchema, response: authResponse } },
    async (request) => {
      const current = await hooks.optionalUser(request);
      const { user, accessToken } = await auth.login(request.body, current);
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/register',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: { body: registerFormSchema, response: authResponse },
    },
    async (request) => {
      const current = await hooks.optionalUser(request);
      const { user, accessToken } = await auth.register(request.body, current, linkContext(request));
      return presentAuth(user, accessToken);
    },
  );

  app.get(
    '/validate',
    { ...signedIn, schema: { response: { 200: validateResponseSchema } } },
    async (request) => ({
      valid: true as const,
      user: presentUser(await auth.validate(userOf(request))),
    }),
  );

  app.post(
    '/upgrade',
    { ...signedIn, schema: { response: { 200: upgradeResponseSchema } } },
    async (request) => presentMembership(userOf(request)),
  );

  app.post(
    '/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.recovery },
      schema: { body: forgotPasswordBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.forgotPassword(request.body, linkContext(request)),
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.linkToken },
      schema: { body: resetPasswordBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.resetPassword(request.body),
  );

  app.post(
    '/change-email',
    {
      ...signedIn,
      config: { rateLimit: RATE_LIMITS.changeEmail },
      schema: { body: changeEmailBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.changeEmail(userOf(request), request.body, linkContext(request)),
  );

  app.get(
    '/verification-status',
    { ...signedIn, schema: { response: { 200: verificationStatusSchema } } },
    async (request) => account.verificationStatus(userOf(request)),
  );

  app.post(
    '/resend-verification',
    {
      ...signedIn,
      config: { rateLimit: RATE_LIMITS.resendVerification },
      schema: { response: { 200: successMessageSchema } },
    },
    async (request) => account.resendVerification(userOf(request), linkContext(request)),
  );

  app.post(
    '/verify-email',
    {
      config: { rateLimit: RATE_LIMITS.linkToken },
      schema: { body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema } },
    },
    async (request) => account.verifyEmail(request.body),
  );
};
