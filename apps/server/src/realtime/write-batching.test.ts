import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { batchWrites } from './write-batching.ts';

/** The server side's TCP socket of a WebSocket connection, with its writes to the network counted. */
function countWrites(socket: Socket): { writes: () => number } {
  const tcp = (socket.conn as unknown as { transport: { socket: { _socket: NetSocket } } }).transport.socket
    ._socket as NetSocket & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = tcp[method].bind(tcp);
    tcp[method] = (...args: unknown[]) => {
      writes++;
      original(...args);
    };
  }
  return { writes: () => writes };
}

describe('write batching (issue 18)', () => {
  let http: HttpServer | undefined;
  let io: Server | undefined;
  let client: ClientSocket | undefined;
  afterEach(async () => {
    client?.disconnect();
    await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
    http?.close();
  });

  /** A socket.io server and one WebSocket client; `batched` decides whether the writes are batched. */
  async function pair(batched: boolean): Promise<{ server: Socket; client: ClientSocket }> {
    http = createServer();
    io = new Server(http, { transports: ['websocket'] });
    const connected = new Promise<Socket>((resolve) =>
      io?.on('connection', (socket) => {
        if (batched) batchWrites(socket.conn);
        resolve(socket);
      }),
    );
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
    const server = await connected;
    await new Promise<void>((resolve) => (client?.connected ? resolve() : client?.once('connect', resolve)));
    return { server, client };
  }

  /** Emits `events` the way a reply does: some at once, some a promise later, in one turn. */
  async function exchange(batched: boolean) {
    const { server, client } = await pair(batched);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.onAny((event: string, payload: { n: number }) => {
        received.push(`${event}:${payload.n}`);
        if (received.length === 4) resolve();
      }),
    );
    const counted = countWrites(server);
    server.emit('ack', { n: 1 });
    server.emit('typing_started', { n: 2 });
    await Promise.resolve();
    server.emit('message_chunk', { n: 3 });
    server.emit('message_chunk', { n: 4 });
    await all;
    return { received, writes: counted.writes() };
  }

  it('sends the events of one turn in one write, in their order', async () => {
    const { received, writes } = await exchange(true);
    expect(received).toEqual(['ack:1', 'typing_started:2', 'message_chunk:3', 'message_chunk:4']);
    expect(writes).toBe(1);
  });

  it('takes one write per event without it (the reference the first test is measured against)', async () => {
    const { received, writes } = await exchange(false);
    expect(received).toEqual(['ack:1', 'typing_started:2', 'message_chunk:3', 'message_chunk:4']);
    expect(writes).toBe(4);
  });

  it('keeps acknowledgements working across batched turns', async () => {
    const { server, client } = await pair(true);
    client.on('ping_me', (n: number, answer: (n: number) => void) => answer(n * 2));
    const answers = await Promise.all(
      [1, 2, 3].map((n) => server.timeout(2000).emitWithAck('ping_me', n) as Promise<number>),
    );
    expect(answers).toEqual([2, 4, 6]);
    // A later turn is batched again: events keep flowing after the first batch has left.
    const later = new Promise<number>((resolve) => client.once('later', resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.emit('later', 7);
    expect(await later).toBe(7);
  });
});
