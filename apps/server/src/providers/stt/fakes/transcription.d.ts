import type { IncomingMessage } from 'node:http';
/** What the next request gets instead of the fake's transcription. */
export interface FakeSttFailure {
    status?: number;
    /** Sent as is, with this content type (default application/json). */
    body?: string;
    contentType?: string;
    /** Never answer: the adapter's timeout fires. */
    hang?: boolean;
}
/** One request as the fake received it. */
export interface FakeSttRequest {
    path: string;
    headers: IncomingMessage['headers'];
    /** The form's text fields (model, language, response_format). */
    fields: Record<string, string>;
    file: {
        name: string;
        type: string;
        bytes: Buffer;
    } | undefined;
}
export interface FakeStt {
    /** http://127.0.0.1:<port>/v1 */
    baseUrl: string;
    requests: FakeSttRequest[];
    /** What the next successful transcriptions answer (`verbose_json`). */
    answer: {
        text: string;
        segments?: Array<{
            start: number;
            end: number;
            avg_logprob: number;
        }>;
    };
    failNext(failure: FakeSttFailure): void;
    /** Forgets the requests and any failures not yet used. */
    reset(): void;
    close(): Promise<void>;
}
/**
 * A local OpenAI-compatible transcription service (PROVIDERS.md §5): multipart `file, model,
 * language, response_format` at `path` (default /v1/audio/transcriptions); the bearer key checked when
 * one is given; a missing field or a file that is not audio is OpenAI's 400.
 */
export declare function startFakeStt(opts?: {
    apiKey?: string;
    path?: string;
}): Promise<FakeStt>;
