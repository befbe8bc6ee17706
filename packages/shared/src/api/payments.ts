import { z } from 'zod';
import {
  CRYPTO_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  PLAN_TYPES,
  PRODUCTS,
  TWINPAY_METHODS,
} from '../payments.ts';

/**
 * The payment calls of 002 §7. Where the spec shows "not shown" the shape is ours (decision 0020).
 * A client never sends an amount that counts: `amount`, `price_amount`, `order_id` and
 * `ipn_callback_url` are accepted for compatibility and ignored; the server prices from PRICES.
 */

const planType = z.enum(PLAN_TYPES, { error: 'Неизвестный тариф' });
const coin = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{2,12}$/, 'Неизвестная криптовалюта');
const network = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{2,16}$/, 'Неизвестная сеть')
  .optional();
const ignoredAmount = z.union([z.number(), z.string()]).optional();

export const paymentStateSchema = z.enum(PAYMENT_STATES);
export const cryptoStatusSchema = z.enum(CRYPTO_STATUSES);

/** Every order as the client may see it. */
export const paymentSummarySchema = z.object({
  order_id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** 'real' or 'sandbox': a sandbox order is a test and says so. */
  sandbox: z.boolean(),
  product: z.enum(PRODUCTS),
  plan_type: z.enum(PLAN_TYPES),
  amount: z.number(),
  currency: z.string(),
  status: paymentStateSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** Where the user's access stands after a check: what the pages refresh from. */
export const accessSchema = z.object({
  plus_active: z.boolean(),
  vip_active: z.boolean(),
  plus_expiry: z.string().nullable(),
  vip_expiry: z.string().nullable(),
});
export type Access = z.infer<typeof accessSchema>;

/** POST /api/payment/create: the default card redirect (CactusPay, else Platega, else the sandbox). */
export const paymentCreateBodySchema = z.object({ plan_type: planType, amount: ignoredAmount });
export const paymentCreateResponseSchema = z.object({
  success: z.boolean(),
  order_id: z.string(),
  payment_id: z.string(),
  payment_url: z.string(),
  amount: z.number(),
  currency: z.string(),
  sandbox: z.boolean(),
});
export type PaymentCreateResponse = z.infer<typeof paymentCreateResponseSchema>;

/** POST /api/payment/status: one of the user's orders; a status check with the provider when pending. */
export const paymentStatusBodySchema = z.object({ payment_id: z.string().trim().min(1).max(200) });
export const paymentStatusResponseSchema = z.object({
  payment_id: z.string(),
  status: paymentStateSchema,
  paid: z.boolean(),
  /** P2P wording of the spec's card path: success | pending | failed | expired. */
  p2p_status: z.enum(['completed', 'pending', 'failed', 'expired']),
  access: accessSchema,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** GET /api/payment/recent: `success` is true when an order of the last 24 h is paid and access is on. */
export const paymentRecentResponseSchema = z.object({
  success: z.boolean(),
  payments: z.array(paymentSummarySchema),
  access: accessSchema,
});
export type PaymentRecentResponse = z.infer<typeof paymentRecentResponseSchema>;

/** One crypto payment (NOWPayments' record, 002 §3), with our order id. */
export const cryptoPaymentSchema = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  payment_status: cryptoStatusSchema,
  pay_address: z.string(),
  pay_amount: z.number(),
  pay_currency: z.string(),
  network: z.string().nullable(),
  price_amount: z.number(),
  price_currency: z.string(),
  expiration_estimate_date: z.string().nullable(),
  sandbox: z.boolean(),
  /** The local test payment page when `sandbox`. */
  sandbox_url: z.string().nullable(),
});
export type CryptoPayment = z.infer<typeof cryptoPaymentSchema>;

/** POST /api/payment/crypto/create-fixed (002 §3 "fixed-rate variant"). */
export const cryptoCreateFixedBodySchema = z.object({
  plan_type: planType,
  pay_currency: coin,
  network,
  price_amount: ignoredAmount,
  price_currency: z.string().optional(),
  ipn_callback_url: z.string().optional(),
  order_id: z.string().optional(),
  is_fixed_rate: z.boolean().optional(),
  is_fee_paid_by_user: z.boolean().optional(),
});
/** POST /api/payment/crypto/subscribe (002 §3 "separate crypto create payload"). */
export const cryptoSubscribeBodySchema = z.object({
  plan_type: planType,
  pay_currency: coin,
  network,
  return_url: z.string().optional(),
});

export const cryptoStatusBodySchema = z.object({ payment_id: z.string().trim().min(1).max(200) });
export const cryptoStatusResponseSchema = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  payment_status: cryptoStatusSchema,
  access: accessSchema,
});
export type CryptoStatusResponse = z.infer<typeof cryptoStatusResponseSchema>;

export const cryptoCurrencySchema = z.object({
  code: z.string(),
  name: z.string(),
  network: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export const cryptoCurrenciesResponseSchema = z.object({ currencies: z.array(cryptoCurrencySchema) });
export type CryptoCurrency = z.infer<typeof cryptoCurrencySchema>;

export const cryptoMinAmountBodySchema = z.object({ currency_from: coin, currency_to: coin });
export const cryptoMinAmountResponseSchema = z.object({
  currency_from: z.string(),
  currency_to: z.string(),
  min_amount: z.number(),
});

export const cryptoEstimateBodySchema = z.object({
  amount: z.coerce.number().positive().max(1_000_000),
  /** 'usd' or 'eur' (002 §7), then the coin. */
  currency_from: coin,
  currency_to: coin,
});
export const cryptoEstimateResponseSchema = z.object({
  currency_from: z.string(),
  currency_to: z.string(),
  amount_from: z.number(),
  estimated_amount: z.number(),
});

/** POST /api/payment/twinpay/create (bank transfer: card number or SBP requisites). */
export const twinpayCreateBodySchema = z.object({
  plan_type: planType,
  payment_method: z.enum(TWINPAY_METHODS),
});
export const twinpayDataSchema = z.object({
  amount: z.number(),
  plan_type: z.enum(PLAN_TYPES),
  order_id: z.string(),
  invoice_id: z.string(),
  card_number: z.string().nullable(),
  cardholder: z.string().nullable(),
  sbp_details: z.string().nullable(),
  /** When the requisites stop being valid. */
  expires_at: z.string().nullable(),
  response: z.object({
    paymentRequisites: z.object({
      requisites: z.string(),
      holder: z.string().nullable(),
      paymentMethod: z.enum(TWINPAY_METHODS),
    }),
  }),
  sandbox: z.boolean(),
  sandbox_url: z.string().nullable(),
});
export type TwinpayData = z.infer<typeof twinpayDataSchema>;
export const twinpayCreateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: twinpayDataSchema,
});
/** GET /api/payment/twinpay/status/{invoice_id} and GET /api/payment/platega/status/{id}. */
export const paidStatusResponseSchema = z.object({
  is_paid: z.boolean(),
  status: paymentStateSchema,
  order_id: z.string(),
  access: accessSchema,
});
export type PaidStatusResponse = z.infer<typeof paidStatusResponseSchema>;

/** POST /api/payment/platega/create (redirect). */
export const plategaCreateBodySchema = z.object({ plan_type: planType });
export const plategaCreateResponseSchema = z.object({
  success: z.boolean(),
  redirect_url: z.string(),
  amount: z.number(),
  order_id: z.string(),
  transaction_id: z.string(),
  /** 'HH:MM:SS', default '00:30:00'. */
  expires_in: z.string(),
  message: z.string(),
  sandbox: z.boolean(),
});
export type PlategaCreateResponse = z.infer<typeof plategaCreateResponseSchema>;

/** POST /api/payment/cactuspay/create-simple: a card payment page to open in a new tab. */
export const cactuspayCreateSimpleBodySchema = z.object({ plan_type: planType, amount: ignoredAmount });
export const cactuspayCreateSimpleResponseSchema = z.object({
  success: z.boolean(),
  payment_url: z.string(),
  order_id: z.string(),
  sandbox: z.boolean(),
});
/** POST /api/payment/cactuspay/create-h2h: requisites shown on our page instead of a redirect. */
export const cactuspayCreateH2hBodySchema = z.object({
  plan_type: planType,
  method: z.enum(['card', 'sbp']).default('card'),
});
export const cactuspayCreateH2hResponseSchema = z.object({
  success: z.boolean(),
  order_id: z.string(),
  payment_url: z.string().nullable(),
  requisite: z.string().nullable(),
  holder: z.string().nullable(),
  amount: z.number(),
  sandbox: z.boolean(),
});

/** POST /api/payment/sandbox/{order_id}/pay (only while the sandbox is on). */
export const sandboxPayBodySchema = z.object({ outcome: z.enum(['paid', 'failed']) });
export const sandboxPayResponseSchema = z.object({ success: z.boolean(), status: paymentStateSchema });

/** `payments` in GET /api/config: which methods are real, which are the sandbox, which are off. */
export const paymentMethodsConfigSchema = z.record(
  z.enum(PAYMENT_METHODS),
  z.object({ mode: z.enum(['real', 'sandbox', 'off']), provider: z.string() }),
);
export type PaymentMethodsConfig = z.infer<typeof paymentMethodsConfigSchema>;
