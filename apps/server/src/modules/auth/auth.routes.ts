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
import type { UserRow } from '../../db/schema/index.ts';
import type { LinkContext } from '../../link-context.ts';
import { type OptionalUser, userOf } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { AccountService } from './account.service.ts';
import { presentAuth, presentMembership, presentUser } from './auth.presenter.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  account: AccountService;
  /** /token and /register: a guest session signing in or up brings its companions along. */
  optionalUser: OptionalUser;
  linkContext: (request: FastifyRequest) => LinkContext;
  /**
   * The device's affiliate touch (its headers) given to the session's account when it has none yet
   * (issue 16): on a guest's creation, a sign-up and a sign-in. Never fails the request.
   */
  touch?: (user: UserRow, request: FastifyRequest) => Promise<void>;
}

/** /api/auth/* (000 §7): parse with the shared schema, call the service, present. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, account, optionalUser, linkContext } = opts;
  const touch = (user: UserRow, request: FastifyRequest) => opts.touch?.(user, request);
  const authResponse = { 200: authResponseSchema };

  app.post(
    '/anonymous',
    { config: { access: 'public' }, schema: { body: anonymousBodySchema, response: authResponse } },
    async (request) => {
      const { user, accessToken } = await auth.createGuest({
        address: request.ip,
        previousToken: request.body?.previous_token,
      });
      await touch(user, request);
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/logout',
    { config: { access: 'guest', rateLimit: RATE_LIMITS.logout }, schema: { response: authResponse } },
    async (request) => {
      const { user, accessToken } = await auth.logout(userOf(request));
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/token',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: { body: loginFormSchema, response: authResponse },
    },
    async (request) => {
      const current = await optionalUser(request);
      const { user, accessToken } = await auth.login(request.body, current);
      await touch(user, request);
      return presentAuth(user, accessToken);
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.register },
      schema: { body: registerFormSchema, response: authResponse },
    },
    async (request) => {
      const current = await optionalUser(request);
      const { user, accessToken } = await auth.register(request.body, current, linkContext(request));
      await touch(user, request);
      return presentAuth(user, accessToken);
    },
  );

  app.get(
    '/validate',
    { config: { access: 'guest' }, schema: { response: { 200: validateResponseSchema } } },
    async (request) => ({
      valid: true as const,
      user: presentUser(await auth.validate(userOf(request))),
    }),
  );

  app.post(
    '/upgrade',
    { config: { access: 'guest' }, schema: { response: { 200: upgradeResponseSchema } } },
    async (request) => presentMembership(userOf(request)),
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.recovery },
      schema: { body: forgotPasswordBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.forgotPassword(request.body, linkContext(request)),
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.linkToken },
      schema: { body: resetPasswordBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.resetPassword(request.body),
  );

  app.post(
    '/change-email',
    {
      config: { access: 'registered', rateLimit: RATE_LIMITS.changeEmail },
      schema: { body: changeEmailBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => account.changeEmail(userOf(request), request.body, linkContext(request)),
  );

  app.get(
    '/verification-status',
    { config: { access: 'guest' }, schema: { response: { 200: verificationStatusSchema } } },
    async (request) => account.verificationStatus(userOf(request)),
  );

  app.post(
    '/resend-verification',
    {
      config: { access: 'registered', rateLimit: RATE_LIMITS.resendVerification },
      schema: { response: { 200: successMessageSchema } },
    },
    async (request) => account.resendVerification(userOf(request), linkContext(request)),
  );

  app.post(
    '/verify-email',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.linkToken },
      schema: { body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema } },
    },
    async (request) => account.verifyEmail(request.body),
  );
};
