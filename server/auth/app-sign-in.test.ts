/**
 * `GET /auth/app-config` (issue 16): how the review app signs members in — the development sign-in
 * in the demo, and with OIDC_CLIENT_ID the provider's code flow read from its discovery document
 * (kept for ten minutes; a failed read is a clear 503 and is tried again next time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.ts';
import { API, TEST_PUBLIC_URL, createTestServer, type TestServer } from '../testing/support.ts';

let s: TestServer;
let provider: Server;
let issuer: string;
let discoveryReads = 0;
let discoveryBroken = false;

beforeAll(async () => {
  s = await createTestServer();
  provider = createServer((req, res) => {
    if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end();
    discoveryReads++;
    if (discoveryBroken) return res.writeHead(500).end();
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.close();
  await s.close();
});

const get = async (app = s.app) => {
  const response = await app.request(`${API}/auth/app-config`);
  return { status: response.status, body: (await response.json()) as any };
};

describe('GET /auth/app-config', () => {
  it('says the demo signs in with the development sign-in only', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ devSignIn: true, oidc: null });
  });

  it('gives the OIDC code flow from the provider’s discovery, read once for ten minutes', async () => {
    const app = createApp({
      ...s.deps,
      config: { ...s.deps.config, devIdp: false, oidc: { issuer, audience: 'pinmark-api', clientId: 'pinmark-app' } },
    });
    const res = await get(app);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      devSignIn: false,
      oidc: {
        issuer,
        authorizationEndpoint: `${issuer}/authorize`,
        tokenEndpoint: `${issuer}/token`,
        clientId: 'pinmark-app',
        scope: 'openid profile email',
        audience: 'pinmark-api',
        redirectUri: `${TEST_PUBLIC_URL}/app/`,
      },
    });
    const reads = discoveryReads;
    await get(app);
    expect(discoveryReads).toBe(reads);
    s.clock.advance(10 * 60 * 1000 + 1);
    await get(app);
    expect(discoveryReads).toBe(reads + 1);
  });

  it('answers 503 with the reason when discovery fails, and tries again next time', async () => {
    const app = createApp({ ...s.deps, config: { ...s.deps.config, oidc: { issuer, clientId: 'pinmark-app' } } });
    discoveryBroken = true;
    const failed = await get(app);
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toMatch(/discovery document could not be read/);
    discoveryBroken = false;
    expect((await get(app)).status).toBe(200);
  });

  it('refuses plain-http endpoints in production', async () => {
    const app = createApp({ ...s.deps, config: { ...s.deps.config, production: true, oidc: { issuer, clientId: 'pinmark-app' } } });
    const res = await get(app);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/no usable authorization and token endpoints/);
  });
});
