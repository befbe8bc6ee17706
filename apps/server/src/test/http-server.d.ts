import { type IncomingMessage, type ServerResponse } from 'node:http';
/** A fake upstream on a free loopback port: what a provider adapter's tests talk to over real HTTP. */
export interface LocalServer {
    /** http://127.0.0.1:<port> */
    origin: string;
    /** Ends open connections (a stalled stream included) and stops listening. */
    close(): Promise<void>;
}
export declare function listenLocal(handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<LocalServer>;
/** A request's JSON body ({} when empty). */
export declare function readJson(req: IncomingMessage): Promise<Record<string, unknown>>;
