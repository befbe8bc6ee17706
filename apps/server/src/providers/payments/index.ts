import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentMethodMode,
  type PaymentMethodsConfig,
} from '@podruga/shared';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { createCactuspay } from './cactuspay.ts';
import { createNowPayments } from './nowpayments.ts';
import { createPlatega } from './platega.ts';
import type { PaymentPorts } from './port.ts';
import { createSandbox, type SandboxProvider, type SandboxStore } from './sandbox.ts';
import { createTwinpay } from './twinpay.ts';

/** The provider behind each method when it is real. */
export const REAL_PROVIDER = {
  crypto: 'nowpayments',
  platega: 'platega',
  twinpay: 'twinpay',
  cactuspay: 'cactuspay',
} as const satisfies Record<PaymentMethod, keyof Config['payments']>;

export type MethodPorts = { [M in PaymentMethod]: PaymentPorts[M] | null };

export interface PaymentProviders {
  /** null: the method is off (production without its provider). */
  ports: MethodPorts;
  /** What GET /api/config and the boot log say. */
  modes: PaymentMethodsConfig;
  /** Set when at least one method runs on the sandbox. */
  sandbox: SandboxProvider | null;
}

/** Builds the real adapter of a method from its configuration (wired in when the adapters exist). */
export type RealAdapterFactory = {
  [M in PaymentMethod]?: (
    options: NonNullable<Config['payments'][(typeof REAL_PROVIDER)[M]]>,
  ) => PaymentPorts[M];
};

/**
 * Chooses per method (DESIGN §4): the real provider when its keys are set; else the sandbox outside
 * production; else off, and the method answers 503 «Оплата картой временно недоступна».
 * `override` hands in adapters built elsewhere (tests: real adapters against their fakes).
 */
export function createPaymentProviders(
  config: Pick<Config, 'production' | 'payments'>,
  deps: { store: SandboxStore; clock: Clock; real?: RealAdapterFactory; override?: Partial<PaymentPorts> },
): PaymentProviders {
  const modeOf = (method: PaymentMethod): PaymentMethodMode => {
    if (deps.override?.[method] || config.payments[REAL_PROVIDER[method]]) return 'real';
    return config.production ? 'off' : 'sandbox';
  };
  const needsSandbox = PAYMENT_METHODS.some((m) => modeOf(m) === 'sandbox');
  const sandbox = needsSandbox ? createSandbox({ store: deps.store, clock: deps.clock }) : null;
  const portOf = <M extends PaymentMethod>(method: M): PaymentPorts[M] | null => {
    const mode = modeOf(method);
    if (mode === 'off') return null;
    if (mode === 'sandbox') return (sandbox as SandboxProvider)[method] as PaymentPorts[M];
    const given = deps.override?.[method];
    if (given) return given as PaymentPorts[M];
    const options = config.payments[REAL_PROVIDER[method]];
    const build = deps.real?.[method] as ((o: typeof options) => PaymentPorts[M]) | undefined;
    if (!build) throw new Error(`payments: no adapter for ${REAL_PROVIDER[method]}`);
    return build(options);
  };
  const ports: MethodPorts = {
    crypto: portOf('crypto'),
    platega: portOf('platega'),
    twinpay: portOf('twinpay'),
    cactuspay: portOf('cactuspay'),
  };
  const modes = Object.fromEntries(
    PAYMENT_METHODS.map((m) => {
      const mode = modeOf(m);
      return [m, { mode, provider: mode === 'real' ? (ports[m]?.adapter ?? REAL_PROVIDER[m]) : mode }];
    }),
  ) as PaymentMethodsConfig;
  return { ports, modes, sandbox };
}

/** The real adapter of each method, built from its environment variables (config.ts). */
export const REAL_PAYMENT_ADAPTERS: RealAdapterFactory = {
  crypto: (options) => createNowPayments(options),
  platega: (options) => createPlatega(options),
  twinpay: (options) => createTwinpay(options),
  cactuspay: (options) => createCactuspay(options),
};

/** The variables that make a method real (config.ts). */
const KEYS: Record<PaymentMethod, string> = {
  crypto: 'NOWPAYMENTS_API_KEY + NOWPAYMENTS_IPN_SECRET',
  platega: 'PLATEGA_MERCHANT_ID + PLATEGA_SECRET',
  twinpay: 'TWINPAY_CLIENT_ID + TWINPAY_CLIENT_SECRET',
  cactuspay: 'CACTUSPAY_TOKEN',
};

/**
 * One line for the boot log: which methods are real, which are the OFFLINE sandbox (test payments) and
 * which are off, and what to set to make them real.
 */
export function describePaymentModes(modes: PaymentMethodsConfig): string {
  const of = (mode: string) => PAYMENT_METHODS.filter((m) => (modes[m]?.mode ?? 'off') === mode);
  const real = of('real');
  const sandbox = of('sandbox');
  const off = of('off');
  const parts: string[] = [];
  if (real.length) parts.push(`real: ${real.map((m) => `${m} (${modes[m]?.provider})`).join(', ')}`);
  if (sandbox.length) {
    parts.push(
      `OFFLINE sandbox, test payments at /sandbox/pay/{order} (never in production): ${sandbox.join(', ')}`,
    );
  }
  if (off.length) parts.push(`off (unavailable to users): ${off.join(', ')}`);
  const missing = [...sandbox, ...off];
  const hint = missing.length ? `; set ${missing.map((m) => KEYS[m]).join(', ')} for real payments` : '';
  return `payments: ${parts.join('; ')}${hint}`;
}
