import type { AuthResponse, SuccessMessage, ValidateResponse, VerificationStatus } from '@podruga/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';

/** The auth calls of 000 §7 and the account calls around them. */
export const authApi = {
  /** `previousToken`: the token this device held before (expired or refused), see docs/decisions/0005. */
  anonymous: (previousToken?: string | null) =>
    api
      .post<unknown>('/api/auth/anonymous', previousToken ? { json: { previous_token: previousToken } } : {})
      .then(parseAuthResponse),
  /** Signs out: the answer is the device's new guest session. */
  logout: () => api.post<unknown>('/api/auth/logout').then(parseAuthResponse),
  login: (email: string, password: string) =>
    api.post<unknown>('/api/auth/token', { form: { username: email, password } }).then(parseAuthResponse),
  register: (input: { name: string; email: string; password: string }) =>
    api.post<unknown>('/api/auth/register', { form: { ...input, consent: 'true' } }).then(parseAuthResponse),
  validate: () => api.get<ValidateResponse>('/api/auth/validate'),
  forgotPassword: (email: string) =>
    api.post<SuccessMessage>('/api/auth/forgot-password', { json: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<SuccessMessage>('/api/auth/reset-password', { json: { token, new_password: newPassword } }),
  verifyEmail: (token: string) =>
    api.post<SuccessMessage & { email_verified: boolean }>('/api/auth/verify-email', { json: { token } }),
  verificationStatus: () => api.get<VerificationStatus>('/api/auth/verification-status'),
  resendVerification: () => api.post<SuccessMessage>('/api/auth/resend-verification'),
  confirmAdult: () => api.post<{ adult_confirmed: boolean }>('/api/user/confirm-adult'),
};

/**
 * A "falsy" answer (000 §8: no token in it) becomes null; the caller shows its failure text. The shape is
 * the shared `AuthResponse` (the server presents it with the same schema); only the token is checked here.
 */
function parseAuthResponse(body: unknown): AuthResponse | null {
  if (typeof body !== 'object' || body === null) return null;
  const token = (body as Partial<AuthResponse>).access_token;
  return typeof token === 'string' && token !== '' ? (body as AuthResponse) : null;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      authApi.resetPassword(input.token, input.password),
  });
}

/** Posts the e-mail token once per token (a query, so a re-render or StrictMode never posts it twice). */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authApi.verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
