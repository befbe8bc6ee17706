import type { Character, Chat, LimitsStatus, SuccessMessage, UserStats } from '@podruga/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';
import { authApi } from '../auth/api.ts';
import { useAuth } from '../auth/store.ts';

/** The profile's calls (001 §7): stats, limits, companions, chats, e-mail, cancelling paid access. */
export const profileApi = {
  stats: () => api.get<UserStats>('/api/user/stats'),
  limits: () => api.get<LimitsStatus>('/api/user/limits/status'),
  companions: () => api.get<Character[]>('/api/characters/'),
  deleteCompanion: (id: string) => api.delete<{ success: true }>(`/api/characters/${encodeURIComponent(id)}`),
  /** Her chat: the newest one she has, else a new one. */
  async chatOf(characterId: string): Promise<Chat> {
    const chats = await api.get<Chat[]>(`/api/chats/character/${encodeURIComponent(characterId)}`);
    return chats[0] ?? (await api.post<Chat>('/api/chats/', { json: { character_id: characterId } }));
  },
  changeEmail: (input: { current_password: string; new_email: string }) =>
    api.post<SuccessMessage>('/api/auth/change-email', { json: input }),
  cancelSubscription: () => api.post<SuccessMessage>('/api/payment/cancel-subscription'),
};

/** Query keys per user: a sign-out or a new account never shows the previous user's answers. */
function useUserKey(): string {
  return useAuth((s) => s.user?.id ?? '');
}

export function useUserStats() {
  const userId = useUserKey();
  return useQuery({ queryKey: ['user-stats', userId], queryFn: profileApi.stats, enabled: userId !== '' });
}

/**
 * What decides the user's tier (DESIGN §5): registering from a guest keeps the same id, so the limits are
 * asked again when any of these change (registered, e-mail confirmed, the installed app, Plus, VIP).
 */
function useTierKey(): string {
  return useAuth((s) => {
    const u = s.user;
    if (!u) return '';
    return [u.membership_type, u.membership_expiry, u.vip_expiry, u.email_verified, u.is_pwa_user].join('|');
  });
}

export function useLimitsStatus() {
  const userId = useUserKey();
  const tierKey = useTierKey();
  return useQuery({
    queryKey: ['limits-status', userId, tierKey],
    queryFn: profileApi.limits,
    enabled: userId !== '',
  });
}

export function useCompanions() {
  const userId = useUserKey();
  return useQuery({
    queryKey: ['companions', userId],
    queryFn: profileApi.companions,
    enabled: userId !== '',
  });
}

/** After a companion is deleted: the grid, the menu's chats and the companions' count follow. */
export function useDeleteCompanion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.deleteCompanion,
    onSuccess: async () => {
      await Promise.all(
        ['companions', 'my-chats', 'limits-status'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}

export function useOpenChat() {
  return useMutation({ mutationFn: profileApi.chatOf });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: profileApi.changeEmail });
}

export function useResendVerification() {
  return useMutation({ mutationFn: authApi.resendVerification });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileApi.cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['limits-status'] }),
  });
}
