import type { FastifyInstance, FastifySchema } from 'fastify';
import { type Access, accessOf } from './auth.ts';

export interface RouteEntry {
  method: string;
  /** Fastify's pattern, prefix included: `/api/characters/:id`. */
  url: string;
  schema: FastifySchema | undefined;
  /** Who may call it (`config.access`, see plugins/auth.ts): the route-access test reads it. */
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered: the 405 answer, the fuzz and the route-access tests read it. */
    routeTable: RouteTable;
  }
}

function patternToRegExp(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // A prefixed plugin's '/' route answers with and without the trailing slash.
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

/** The registered routes, collected as they are added (an `onRoute` hook), so later routes count too. */
class RouteTable {
  readonly entries: RouteEntry[] = [];
  private readonly matchers: Array<{ method: string; pattern: RegExp }> = [];

  add(entry: RouteEntry): void {
    this.entries.push(entry);
    this.matchers.push({ method: entry.method, pattern: patternToRegExp(entry.url) });
  }

  /** The methods some route answers on this path (no query string); empty when no route has it. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const { method, pattern } of this.matchers) if (pattern.test(path)) methods.add(method);
    return [...methods].sort();
  }
}

/** Starts collecting routes; call before any route is registered. */
export function trackRoutes(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = accessOf(route.url, route.config);
    for (const method of methods) table.add({ method, url: route.url, schema: route.schema, access });
  });
  return table;
}
