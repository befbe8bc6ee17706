import { z } from 'zod';

/**
 * GET /api/admin/crisis-referrals?year= (issue 27): the crisis protocol's referrals of a calendar year,
 * counted — the yearly report California SB 243 asks of an operator. No user identifier exists to give.
 */
export const crisisReferralsQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'Укажите год числом' })
    .int('Укажите год числом')
    .min(2020, 'Год должен быть не раньше 2020')
    .max(2100, 'Год должен быть не позже 2100'),
});

export const crisisReferralsResponseSchema = z.object({
  year: z.number().int(),
  total: z.number().int(),
  by_kind: z.record(z.string(), z.number().int()),
  by_entry: z.record(z.string(), z.number().int()),
  by_layer: z.record(z.string(), z.number().int()),
});
export type CrisisReferralsResponse = z.infer<typeof crisisReferralsResponseSchema>;
