import { randomUUID } from 'node:crypto';
import type { AuthResponse, ErrorBody } from '@podruga/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Mail } from '../providers/mail/port.ts';

/** A urlencoded form body, as the spec's client sends login and register. */
export function form(fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export const ACCOUNT = { name: 'Анна', email: 'anna@mail.ru', password: 'secret123', consent: 'true' };

export async function guest(app: FastifyInstance, remoteAddress = '10.0.0.1'): Promise<AuthResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/anonymous', remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json<AuthResponse>();
}

export async function register(
  app: FastifyInstance,
  fields: Partial<typeof ACCOUNT> = {},
  token?: string,
): Promise<AuthResponse> {
  const body = form({ ...ACCOUNT, ...fields });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...body,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthResponse>();
}

/** Asserts an error reply: status and the exact `{detail, code}` body. */
export function expectError(
  res: { statusCode: number; json<T>(): T },
  status: number,
  code: ErrorBody['code'],
  detail?: string,
): void {
  expect(res.statusCode).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(code);
  if (detail !== undefined) expect(body.detail).toBe(detail);
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
}

/** The token from the action link of a mail (verify-email or reset-password). */
export function linkToken(mail: Mail | undefined): string {
  const match = /[?&]token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no token link in mail: ${mail?.text}`);
  return match[1];
}

/** A multipart body built by hand: the exact bytes a browser sends. */
export function multipart(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----podruga${randomUUID()}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
