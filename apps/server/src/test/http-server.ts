import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake upstream on a free loopback port: what a provider adapter's tests talk to over real HTTP. */
export interface LocalServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Ends open connections (a stalled stream included) and stops listening. */
  close(): Promise<void>;
}

export async function listenLocal(
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<LocalServer> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request's JSON body ({} when empty). */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text || '{}');
}
