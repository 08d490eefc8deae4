/**
 * Cross-cutting HTTP behaviour: the version header contract, CORS for pages on other origins,
 * the error body for every kind of failure (and no internals in a 500), body size and media type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Db } from '../db/db.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('Service-API-Version', () => {
  it('accepts 2023-02-22 or no header, and always answers with it', async () => {
    const withHeader = await s.request('GET', `${API}/workspace`, {
      token: s.seed.workspaceApiKey,
      headers: { 'Service-API-Version': '2023-02-22' },
    });
    expect(withHeader.status).toBe(200);
    expect(withHeader.headers.get('service-api-version')).toBe('2023-02-22');
    const without = await s.request('GET', `${API}/workspace`, { token: s.seed.workspaceApiKey });
    expect(without.status).toBe(200);
    expect((await s.request('GET', `${API}/nope`)).headers.get('service-api-version')).toBe('2023-02-22');
  });

  it('refuses another version with 400 unsupported_api_version', async () => {
    const res = await s.request('GET', `${API}/workspace`, {
      token: s.seed.workspaceApiKey,
      headers: { 'Service-API-Version': '2020-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_api_version');
  });
});

describe('CORS', () => {
  it('answers a preflight from another origin with Authorization allowed', async () => {
    const res = await s.app.request(`${API}/threads`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://customer.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, service-api-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://customer.example');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('service-api-version');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('reflects the origin on success and on errors', async () => {
    const ok = await s.request('GET', `${API}/workspace`, {
      token: s.seed.workspaceApiKey,
      headers: { Origin: 'https://customer.example' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://customer.example');
    expect(ok.headers.get('vary')).toContain('Origin');
    const denied = await s.request('GET', `${API}/workspace`, { headers: { Origin: 'https://customer.example' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('https://customer.example');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await s.request('GET', `${API}/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/api/v2/does-not-exist') } });
    expect((await s.request('DELETE', `${API}/auth/config`)).status).toBe(404);
  });

  it('lets an exchange token read its own workspace', async () => {
    const { token } = await s.exchangeToken();
    const res = await s.request('GET', `${API}/workspace?workspaceId=${s.seed.workspaceId}`, { token });
    expect(res.status).toBe(200);
  });

  it('refuses bodies over 1 MiB with 413 and non-JSON bodies with 415', async () => {
    const { token } = await s.exchangeToken();
    const big = await s.request('POST', `${API}/threads`, { token, rawBody: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const form = await s.request('POST', `${API}/threads`, {
      token,
      rawBody: 'a=b',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
    const empty = await s.request('POST', `${API}/threads`, { token, rawBody: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('malformed_json');
  });

  it('hides internals in a 500', async () => {
    const logged: unknown[] = [];
    const broken: Db = {
      ...s.db,
      query: async () => {
        throw new Error('connection to 10.0.0.5:5432 refused: password authentication failed for user "pinmark"');
      },
    };
    const app = createApp({ ...s.deps, db: broken, log: { error: (_m, e) => logged.push(e), info: () => undefined } });
    const res = await app.request(`${API}/workspace`, { headers: { Authorization: `Bearer ${s.seed.workspaceApiKey}` } });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    expect(body).not.toContain('5432');
    expect(logged).toHaveLength(1);
  });

  it('answers /healthz', async () => {
    expect((await s.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });
});
