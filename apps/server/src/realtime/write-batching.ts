/**
 * One write to the network for every event a socket is sent in one turn of the event loop (issue 18).
 *
 * A chat message is answered with several events at once — `ack`, `typing_started` and the first chunk;
 * later `streaming_complete` and `typing_stopped` — and engine.io writes each as a WebSocket frame of
 * its own: one `writev` system call each, the largest single cost of a chat request in the profile (10
 * writes a request, against the bare relay's 4). Here the connection's TCP socket is corked from the first
 * frame of a turn until `setImmediate`, so that every frame of the turn leaves in one `writev`; and
 * engine.io is told the transport may take the next packets at once (it otherwise holds them until the
 * first frame's write has completed, and sends them in a second write).
 *
 * Only the WebSocket transport is batched (long polling answers one request per batch already). The
 * frames, their order and engine.io's acknowledgement callbacks are unchanged: each `send` still ends in
 * one `drain` once its frames are written. A turn's data leaves at the end of that turn instead of
 * during it: microseconds when idle, and fewer system calls when busy.
 */

/** What this module needs of engine.io's WebSocket transport (engine.io 6: `transports/websocket.js`). */
interface WebSocketTransport {
  name: string;
  writable: boolean;
  send(packets: unknown[]): void;
  /** The `ws` WebSocket; its `_socket` is the TCP socket. */
  socket?: { _socket?: Corkable };
}

interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/** What this module needs of an engine.io connection (`socket.conn`). */
export interface EngineConnection {
  transport: unknown;
  on(event: 'upgrade', listener: (transport: unknown) => void): unknown;
}

const BATCHED = Symbol('podruga.batchedWrites');

/** Batches the writes of `conn` now, and of the transport it upgrades to, if that is a WebSocket. */
export function batchWrites(conn: EngineConnection): void {
  batchTransport(conn.transport);
  conn.on('upgrade', (transport) => batchTransport(transport));
}

function batchTransport(candidate: unknown): void {
  const transport = candidate as WebSocketTransport & { [BATCHED]?: true };
  if (transport?.name !== 'websocket' || transport[BATCHED]) return;
  const tcp = transport.socket?._socket;
  if (!tcp || typeof tcp.cork !== 'function' || typeof tcp.uncork !== 'function') return;
  transport[BATCHED] = true;
  const send = transport.send.bind(transport);
  let corked = false;
  transport.send = (packets) => {
    if (!corked && !tcp.destroyed) {
      corked = true;
      tcp.cork();
      setImmediate(() => {
        corked = false;
        tcp.uncork();
      });
    }
    send(packets);
    // While the socket is corked nothing has been written yet: the next packets join the same write.
    if (corked) transport.writable = true;
  };
}
