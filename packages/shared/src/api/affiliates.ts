import { z } from 'zod';

/** POST /api/affiliates/visit: an arrival through a link (public, rate-limited) → the visit's id. */
export const affiliateVisitBodySchema = z.object({ code: z.string().max(200) });
export const affiliateVisitResponseSchema = z.object({ visit_id: z.string(), code: z.string() });
export type AffiliateVisitResponse = z.infer<typeof affiliateVisitResponseSchema>;

/** GET /api/admin/affiliates (admins only, ADMIN_EMAILS): per code, newest activity first. */
export const affiliateReportRowSchema = z.object({
  code: z.string(),
  visits: z.number().int(),
  /** Guests and accounts whose first touch was this code. */
  users: z.number().int(),
  /** Of them, registered accounts. */
  signups: z.number().int(),
  /** Paid orders within the attribution window. */
  payments: z.number().int(),
  /** Their sum per currency (whole roubles, whole dollars for crypto). */
  revenue: z.record(z.string(), z.number()),
  last_visit_at: z.string().nullable(),
});
export const affiliateReportSchema = z.object({ codes: z.array(affiliateReportRowSchema) });
export type AffiliateReport = z.infer<typeof affiliateReportSchema>;
export type AffiliateReportRow = z.infer<typeof affiliateReportRowSchema>;
