import { z } from 'zod';
import { paymentMethodsConfigSchema } from './payments.ts';

export const brandSchema = z.object({
  id: z.string(),
  hosts: z.array(z.string()),
  logoText: z.string(),
  title: z.string(),
  supportEmail: z.string(),
  /** The brand's support handle in Telegram (`name`, without the @); shown beside the address when set. */
  supportTelegram: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/, 'supportTelegram: 5–32 letters, digits or _, without the @')
    .optional(),
});
export type Brand = z.infer<typeof brandSchema>;

/** Two brands chosen by host name; unknown hosts get the first (000 §1). Overridable by BRANDS. */
export const DEFAULT_BRANDS: Brand[] = [
  {
    id: 'podruga',
    hosts: ['podruga.app', 'www.podruga.app'],
    logoText: 'Podruga',
    title: 'Podruga — твоя AI-подруга',
    supportEmail: 'support@podruga.app',
  },
  {
    id: 'milaya',
    hosts: ['milaya.app', 'www.milaya.app'],
    logoText: 'Milaya',
    title: 'Milaya — AI-подруга, которая всегда рядом',
    supportEmail: 'support@milaya.app',
  },
];

export function brandForHost(brands: Brand[], host: string | undefined): Brand {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const found = brands.find((b) => b.hosts.includes(name));
  const fallback = brands[0];
  if (!fallback) throw new Error('At least one brand must be configured');
  return found ?? fallback;
}

/** GET /api/config */
export const configResponseSchema = z.object({
  config: z.object({
    system_prompts: z.record(z.string(), z.string()),
    image_scenarios: z.record(z.string(), z.string()),
  }),
  providers: z.record(z.string(), z.object({ adapter: z.string(), offline: z.boolean() })),
  features: z.object({ debug_routes: z.boolean() }),
  /** Which payment methods are real, which are the sandbox, which are off (issue 13). */
  payments: paymentMethodsConfigSchema,
  /**
   * MEDIA_BASE_URL without its trailing slash: the host that serves /pics/ and /vids/ (decision 0025),
   * for `mediaUrl(name, media_base_url)`; null = this server serves them.
   */
  media_base_url: z.string().nullable(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;
