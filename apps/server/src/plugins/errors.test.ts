import { connect } from 'node:net';
import { SERVER_MESSAGES } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer, expectError, guest } from '../test/http.ts';

const t = useTestApp();

/** Sends raw bytes to the listening server and returns what came back, headers and body. */
async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = connect(address.port, '127.0.0.1');
  socket.write(request);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

describe('framework errors leave as {detail, code} with a Russian detail', () => {
  it('a path parameter over the router limit: 414', async () => {
    const { access_token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/characters/${'a'.repeat(5000)}`,
      headers: bearer(access_token),
    });
    expectError(res, 414, 'uri_too_long', SERVER_MESSAGES.uriTooLong);
  });

  it('a broken percent-encoding in the path: 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/characters/%E0%A4%A' });
    expectError(res, 400, 'bad_request', SERVER_MESSAGES.badRequest);
  });

  it('a known path with the wrong method: 405 with Allow; an unknown path: 404', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/characters/' });
    expectError(res, 405, 'method_not_allowed', SERVER_MESSAGES.methodNotAllowed);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    const put = await t.app.inject({ method: 'PUT', url: '/api/auth/token' });
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers.allow).toBe('POST');
    expectError(await t.app.inject({ method: 'GET', url: '/api/nothing' }), 404, 'not_found');
  });

  it('a malformed multipart body is a 400, not a 500', async () => {
    const { access_token } = await guest(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/save_initial_image',
      headers: { ...bearer(access_token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('what Node answers itself (bad request line, oversized headers) in our format too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const garbage = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ detail: SERVER_MESSAGES.badRequest, code: 'bad_request' });
    expect(garbage.headers).toMatch(/content-type: application\/json/i);

    const huge = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({
      detail: SERVER_MESSAGES.headersTooLarge,
      code: 'headers_too_large',
    });
  });
});
