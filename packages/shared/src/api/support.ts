import { z } from 'zod';
import { SUPPORT_MESSAGES, validateSupportContact } from '../support.ts';
import { oneLine } from '../validation/one-line.ts';
import { reportRule } from '../validation/schema.ts';

/**
 * POST /api/support/contact (001 §7). Every field defaults to empty so the spec's texts answer in its
 * order; the message is free text (line breaks kept), the type and the address are one line. The
 * sizes here only stop junk before the rules run, with the rules' own texts.
 */
export const supportContactBodySchema = z
  .object({
    issue_type: oneLine(
      z.string({ error: SUPPORT_MESSAGES.issueTypeRequired }).max(200, SUPPORT_MESSAGES.issueTypeRequired),
    ).default(''),
    email: oneLine(
      z.string({ error: SUPPORT_MESSAGES.emailInvalid }).max(1000, SUPPORT_MESSAGES.emailInvalid),
    ).default(''),
    message: z
      .string({ error: SUPPORT_MESSAGES.messageRequired })
      .max(50_000, SUPPORT_MESSAGES.messageTooLong)
      .default(''),
  })
  .superRefine((v, ctx) => reportRule(ctx, validateSupportContact(v)));
export type SupportContactBody = z.infer<typeof supportContactBodySchema>;

export const supportContactResponseSchema = z.object({ status: z.literal('success') });
export type SupportContactResponse = z.infer<typeof supportContactResponseSchema>;
