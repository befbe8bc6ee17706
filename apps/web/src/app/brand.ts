import { type Brand, brandForHost, DEFAULT_BRANDS } from '@podruga/shared';

/** What the page needs of a brand; the server fills it into `<meta name="podruga-brand">` per host. */
export type BrandInfo = Omit<Brand, 'hosts'>;

const BRAND_FIELDS = ['id', 'logoText', 'title', 'supportEmail'] as const;

/** The four fields the server always writes into the meta (the shared `Brand` minus its hosts); `supportTelegram` is optional. */
function isBrandInfo(value: unknown): value is BrandInfo {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return BRAND_FIELDS.every((key) => typeof record[key] === 'string' && record[key] !== '');
}

/**
 * The brand from the meta tag's JSON when the server filled it in, else the shared default for the host
 * (vite dev serves the raw index.html with an empty meta).
 */
export function resolveBrand(
  metaContent: string | null | undefined,
  host: string,
  brands = DEFAULT_BRANDS,
): BrandInfo {
  if (metaContent?.trim()) {
    try {
      const parsed: unknown = JSON.parse(metaContent);
      if (isBrandInfo(parsed)) {
        const { id, logoText, title, supportEmail } = parsed;
        const telegram = (parsed as { supportTelegram?: unknown }).supportTelegram;
        return {
          id,
          logoText,
          title,
          supportEmail,
          ...(typeof telegram === 'string' && /^\w{5,32}$/.test(telegram)
            ? { supportTelegram: telegram }
            : {}),
        };
      }
    } catch {
      // Unreadable meta: fall back to the host's default below.
    }
  }
  const { hosts: _hosts, ...info } = brandForHost(brands, host);
  return info;
}

let current: BrandInfo | null = null;

/** The brand of this page, read once from the document. */
export function getBrand(): BrandInfo {
  if (!current) {
    const meta = document.querySelector('meta[name="podruga-brand"]')?.getAttribute('content');
    current = resolveBrand(meta, location.hostname);
  }
  return current;
}
