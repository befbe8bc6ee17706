import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../tiers.ts';
import {
  validateChangeEmail,
  validateLengths,
  validateLogin,
  validateNewPassword,
  validateRecovery,
  validateRegister,
} from '../validation/auth.ts';
import { oneLine } from '../validation/one-line.ts';
import { reportRule } from '../validation/schema.ts';

export const membershipTypeSchema = z.enum(MEMBERSHIP_TYPES);

/** POST /api/auth/anonymous | token | register (000 §7): exactly the spec's fields. */
export const authResponseSchema = z.object({
  access_token: z.string(),
  user_id: z.string(),
  name: z.string(),
  membership_type: membershipTypeSchema,
  membership_expiry: z.string().nullable(),
  email_verified: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * POST /api/auth/anonymous: optionally the token this device held before (expired or revoked is
 * fine), so a returning device or a logout is not counted as a fresh visitor (docs/decisions/0005).
 */
export const anonymousBodySchema = z
  .object({ previous_token: oneLine(z.string().max(4096)).optional() })
  .nullish();

/**
 * Form bodies arrive as strings, missing fields as empty ones; the form's rules then answer in the
 * spec's order with its texts (validation/auth.ts, the same functions the dialog runs).
 */
export const loginFormSchema = z
  .object({
    username: oneLine(z.string()).default(''),
    password: z.string().default(''),
  })
  .superRefine((v, ctx) => reportRule(ctx, validateLogin({ email: v.username, password: v.password })));
export const registerFormSchema = z
  .object({
    email: oneLine(z.string()).default(''),
    password: z.string().default(''),
    name: oneLine(z.string()).default(''),
    consent: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => v === true || v === 'true' || v === '1' || v === 'on'),
  })
  .superRefine((v, ctx) => reportRule(ctx, validateRegister(v) ?? validateLengths(v)));

/** The user as the client caches it (000 §3 User) plus the age-gate flag. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  membership_type: membershipTypeSchema,
  membership_expiry: z.string().nullable(),
  /** VIP on top of Plus (DESIGN §5): its own expiry; VIP counts only while Plus is active too. */
  vip_expiry: z.string().nullable(),
  email_verified: z.boolean(),
  is_pwa_user: z.boolean(),
  first_chat: z.boolean(),
  is_active: z.boolean(),
  adult_confirmed: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const validateResponseSchema = z.object({ valid: z.literal(true), user: userSchema });
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const upgradeResponseSchema = z.object({
  membership_type: membershipTypeSchema,
  membership_expiry: z.string().nullable(),
});
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;

export const forgotPasswordBodySchema = z
  .object({ email: oneLine(z.string()).default('') })
  .superRefine((v, ctx) => reportRule(ctx, validateRecovery(v)));
export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

export const resetPasswordBodySchema = z
  .object({
    token: oneLine(z.string().min(1).max(200)),
    new_password: z.string().default(''),
  })
  .superRefine((v, ctx) => reportRule(ctx, validateNewPassword(v.new_password)));

export const changeEmailBodySchema = z
  .object({
    current_password: z.string().default(''),
    new_email: oneLine(z.string()).default(''),
  })
  .superRefine((v, ctx) => reportRule(ctx, validateChangeEmail(v)));

export const verifyEmailBodySchema = z.object({ token: oneLine(z.string().min(1).max(200)) });
export const verifyEmailResponseSchema = successMessageSchema.extend({ email_verified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/user/confirm-adult: the 18+ gate is remembered on the user, not only in the browser. */
export const confirmAdultResponseSchema = z.object({ adult_confirmed: z.literal(true) });

/**
 * POST /api/user/set-pwa-status (001 §7): "boolean true, JSON content type". The object form
 * `{ "is_pwa_user": true }` is accepted too; the flag is only ever set, never cleared (decision 0017).
 */
export const setPwaStatusBodySchema = z.union([z.literal(true), z.object({ is_pwa_user: z.literal(true) })], {
  error: 'Отметить установленное приложение можно только значением true',
});
export type SetPwaStatusBody = z.infer<typeof setPwaStatusBodySchema>;

export const verificationStatusSchema = z.object({ email_verified: z.boolean() });
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** Debug routes (002 §2): the client asks the server whether a token opens them. */
export const debugAccessBodySchema = z.object({ token: z.string().max(200) });
export const debugAccessResponseSchema = z.object({ allowed: z.boolean() });
