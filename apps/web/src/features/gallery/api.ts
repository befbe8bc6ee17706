import type { AdoptResponse, CatalogueItem } from '@podruga/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';

/** GET /api/catalogue and POST /api/catalogue/{id}/adopt (the ready-made companions of /gfs). */
const galleryApi = {
  list: () => api.get<{ items: CatalogueItem[] }>('/api/catalogue'),
  adopt: (id: string) => api.post<AdoptResponse>(`/api/catalogue/${encodeURIComponent(id)}/adopt`),
};

/** While some portraits are still being drawn (a job on the server), the gallery asks again this often. */
const PORTRAITS_PENDING_POLL_MS = 3_000;

export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: galleryApi.list,
    staleTime: 5 * 60_000,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => !item.image) ? PORTRAITS_PENDING_POLL_MS : false,
  });
}

export function useAdopt() {
  return useMutation({ mutationFn: galleryApi.adopt });
}
