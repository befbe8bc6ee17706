import type { z } from 'zod';

/**
 * Reports the first failing rule of a hand-ordered validator (`validateRegister` and its kin: the
 * spec's order, shared with the client's forms) as the schema's issue, so the route schema answers
 * with the same Russian text the form shows. Use in `.superRefine((v, ctx) => reportRule(ctx, …))`:
 * it runs after the fields' own checks (types, control characters), which therefore come first.
 */
export function reportRule(ctx: z.RefinementCtx, message: string | null): void {
  if (message !== null) ctx.addIssue({ code: 'custom', message });
}

/** For bodies a client may leave out entirely: absent reads as `{}`, so the fields' own texts answer. */
export function orEmpty(value: unknown): unknown {
  return value ?? {};
}
