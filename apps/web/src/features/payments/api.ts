import type {
  CryptoCurrency,
  CryptoPayment,
  CryptoStatusResponse,
  PaidStatusResponse,
  PaymentCreateResponse,
  PaymentRecentResponse,
  PaymentStatusResponse,
  PlanType,
  PlategaCreateResponse,
  TwinpayData,
  TwinpayMethod,
} from '@podruga/shared';
import { api } from '../../shared/api/index.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * The payment calls of 002 §7. The client names a plan and a method; the server prices it. Every
 * answer is the server's verdict: nothing here grants access.
 */
export const paymentsApi = {
  create: (planType: PlanType) =>
    api.post<PaymentCreateResponse>('/api/payment/create', { json: { plan_type: planType } }),
  status: (paymentId: string) =>
    api.post<PaymentStatusResponse>('/api/payment/status', { json: { payment_id: paymentId } }),
  recent: () => api.get<PaymentRecentResponse>('/api/payment/recent'),

  cryptoCurrencies: () => api.get<{ currencies: CryptoCurrency[] }>('/api/payment/crypto/currencies'),
  cryptoEstimate: (input: { amount: number; currency_from: string; currency_to: string }) =>
    api.post<{ estimated_amount: number; amount_from: number; currency_from: string; currency_to: string }>(
      '/api/payment/crypto/estimate',
      { json: input },
    ),
  cryptoMinAmount: (input: { currency_from: string; currency_to: string }) =>
    api.post<{ min_amount: number; currency_from: string; currency_to: string }>(
      '/api/payment/crypto/min-amount',
      { json: input },
    ),
  cryptoCreate: (input: { plan_type: PlanType; pay_currency: string; network?: string | undefined }) =>
    api.post<CryptoPayment>('/api/payment/crypto/create-fixed', { json: input }),
  cryptoStatus: (paymentId: string) =>
    api.post<CryptoStatusResponse>('/api/payment/crypto/status', { json: { payment_id: paymentId } }),

  twinpayCreate: (planType: PlanType, method: TwinpayMethod) =>
    api.post<{ success: boolean; message: string; data: TwinpayData }>('/api/payment/twinpay/create', {
      json: { plan_type: planType, payment_method: method },
    }),
  twinpayStatus: (invoiceId: string) =>
    api.get<PaidStatusResponse>(`/api/payment/twinpay/status/${id(invoiceId)}`),

  plategaCreate: (planType: PlanType) =>
    api.post<PlategaCreateResponse>('/api/payment/platega/create', { json: { plan_type: planType } }),
  plategaStatus: (transactionOrOrderId: string) =>
    api.get<PaidStatusResponse>(`/api/payment/platega/status/${id(transactionOrOrderId)}`),

  cactuspayCreateSimple: (planType: PlanType) =>
    api.post<{ success: boolean; payment_url: string; order_id: string; sandbox: boolean }>(
      '/api/payment/cactuspay/create-simple',
      { json: { plan_type: planType } },
    ),
  cactuspayStatus: (orderId: string) =>
    api.get<PaidStatusResponse>(`/api/payment/cactuspay/status/${id(orderId)}`),
};
