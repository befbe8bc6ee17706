import { type Brand, brandForHost } from '@podruga/shared';

/** What a mail or a redirect needs from the request: where links point and whose brand it carries. */
export interface LinkContext {
  baseUrl: string;
  brand: Brand;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Links in mails use PUBLIC_URL when set. Otherwise the request's own host, but only when it is a
 * configured brand host or loopback: a forged Host header must never put an attacker's domain into a
 * password-reset mail sent to someone else.
 */
export function createLinkContext(config: {
  publicUrl: string | undefined;
  brands: Brand[];
  port: number;
}): (request: { host: string; protocol: string }) => LinkContext {
  const brandHosts = new Set(config.brands.flatMap((b) => b.hosts.map((h) => h.toLowerCase())));
  return (request) => {
    const brand = brandForHost(config.brands, request.host);
    if (config.publicUrl) return { baseUrl: config.publicUrl, brand };
    const host = request.host.toLowerCase();
    const hostname = host.replace(/:\d+$/, '');
    const trusted = brandHosts.has(hostname) || LOOPBACK_HOSTS.has(hostname);
    return { baseUrl: trusted ? `${request.protocol}://${host}` : `http://localhost:${config.port}`, brand };
  };
}
