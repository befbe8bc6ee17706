import type { CatalogueItem } from '@podruga/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/index.ts';

/**
 * The guide's example portraits: the catalogue's (GET /api/catalogue), drawn by the app's own image
 * provider. Shares the gallery's cache; asked only while the guide is open.
 */
export function useExamplePortraits(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: () => api.get<{ items: CatalogueItem[] }>('/api/catalogue'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * Whether the server has the guide's video example yet (the preview clips are made after the first
 * start; until then /vids answers 404): a HEAD request, asked only while the guide is open.
 */
export function useClipExists(src: string, enabled: boolean) {
  return useQuery({
    queryKey: ['help', 'clip', src],
    queryFn: async () => (await fetch(src, { method: 'HEAD' })).ok,
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
}
