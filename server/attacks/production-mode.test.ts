/**
 * Issue 13, production mode: `NODE_ENV=production` must not mount a single demo surface (the demo
 * pages, /demo/*, the development sign-in, demo credentials), and must refuse to start — with one
 * sentence naming the variable — when its configuration would be unsafe on the internet. The last
 * tests start the real process, as a deploy would.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSECURE_DEV_SIGN_IN_VAR, loadConfig } from '../domain/config.ts';
import { unsafeProductionConfig } from '../production-checks.ts';
import { createTestServer, type TestServer } from '../testing/support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('a production app mounts no demo surface', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({
      config: { production: true, demo: false, devIdp: false, webhooks: { allowedPrivateHosts: [] }, demoDir: 'demo' },
    });
  });
  afterAll(() => s.close());

  it('answers 404, as for any unknown path, where the demo was', async () => {
    const unknown = await s.request('GET', '/no-such-page');
    expect(unknown.status).toBe(404);
    for (const [method, where] of [
      ['GET', '/'],
      ['GET', '/index.html'],
      ['GET', '/identified.html'],
      ['GET', '/qa/article.html'],
      ['GET', '/demo.css'],
      ['POST', '/demo/customer-token'],
      ['GET', '/sign-in'],
      ['GET', '/sign-in.js'],
      ['POST', '/idp/token'],
      ['GET', '/idp/.well-known/jwks.json'],
    ] as const) {
      const body = method === 'POST' ? { body: { externalId: 'cust-1001', name: 'Mia', email: 'mia@example.com' } } : {};
      const res = await s.request(method, where, { ...body, headers: { Origin: 'http://localhost:8787' } });
      expect(res.status, `${method} ${where}`).toBe(404);
      // Nothing tells the demo was ever there: the same answer as a path that never existed beside it.
      const never = await s.request(method, where.replace(/[^/]+$/, 'never-existed'), body);
      expect(res.text.replace(where, ''), `${method} ${where}`).toBe(never.text.replace(where.replace(/[^/]+$/, 'never-existed'), ''));
    }
  });

  it('still serves the API', async () => {
    const res = await s.request('GET', `/api/v2/auth/config?publicKey=${s.seed.publicKey}`, {
      headers: { 'Service-API-Version': '2023-02-22' },
    });
    expect(res.status).toBe(200);
  });
});

describe('production refuses an unsafe configuration with one sentence', () => {
  const safe = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://feedback.example.com',
    PINMARK_STORAGE_SECRET: 'a-long-random-storage-secret-0123',
    OIDC_ISSUER: 'https://login.example.com',
  };
  const cases: [string, NodeJS.ProcessEnv, RegExp][] = [
    ['no PUBLIC_URL', { ...safe, PUBLIC_URL: undefined }, /^PUBLIC_URL must be set in production/],
    ['plain http to a public host', { ...safe, PUBLIC_URL: 'http://feedback.example.com' }, /^PUBLIC_URL must use https in production/],
    ['no storage secret', { ...safe, PINMARK_STORAGE_SECRET: undefined }, /^PINMARK_STORAGE_SECRET must be set in production/],
    [
      'webhooks allowed to private addresses',
      { ...safe, PINMARK_WEBHOOK_ALLOWED_HOSTS: '10.0.0.0/8' },
      /^PINMARK_WEBHOOK_ALLOWED_HOSTS must be empty in production/,
    ],
  ];
  it.each(cases)('%s', (_name, env, sentence) => {
    expect(unsafeProductionConfig(loadConfig(env))).toMatch(sentence);
  });

  it('accepts a safe one, plain http to localhost included, and never turns the dev sign-in on by itself', () => {
    expect(unsafeProductionConfig(loadConfig(safe))).toBeNull();
    expect(unsafeProductionConfig(loadConfig({ ...safe, PUBLIC_URL: 'http://localhost:8080' }))).toBeNull();
    const config = loadConfig({ ...safe, PINMARK_DEV_IDP: '1' });
    expect(config).toMatchObject({ production: true, demo: false, devIdp: false, webhooks: { allowedPrivateHosts: [] } });
    expect(loadConfig({ ...safe, [INSECURE_DEV_SIGN_IN_VAR]: '1' }).devIdp).toBe(true);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** `node --import tsx server/main.ts` with this environment (and nothing of the test's own). */
function startProcess(env: Record<string, string>, dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitFor(condition: () => boolean, what: () => string, ms = 45_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the production process', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pinmark-prod-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses to start over plain http, saying which variable to change', async () => {
    const started = startProcess(
      { NODE_ENV: 'production', PORT: String(await freePort()), PUBLIC_URL: 'http://feedback.example.com' },
      dataDir(),
    );
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Pinmark server not started: PUBLIC_URL must use https in production/);
  }, 60_000);

  it('refuses to start when no reviewer could sign in, and starts once npm run admin made an installation', async () => {
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      PINMARK_STORAGE_SECRET: 'x'.repeat(32),
    };
    const dir = dataDir();
    const refused = startProcess(env, dir);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/Pinmark server not started: No way for a reviewer to sign in: set OIDC_ISSUER/);

    const admin = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/admin.ts', 'init', '--workspace', 'Acme', '--site', 'https://www.acme.test/'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, PUBLIC_URL: env.PUBLIC_URL },
        encoding: 'utf8',
      },
    );
    expect(admin.status, admin.stderr).toBe(0);
    const apiKey = /API key\s+(pk_ws_\S+)/.exec(admin.stdout)?.[1];
    expect(apiKey).toBeDefined();
    // The tag it prints is one the loader reads (src/loader/stub.ts).
    expect(admin.stdout).toMatch(/data-public-key="pmk_[^"]+" data-markup-id="[0-9a-f-]{36}" data-api-base="http:\/\/localhost:\d+"/);

    const started = startProcess(env, dir);
    try {
      await waitFor(() => started.output().includes('Pinmark reference server'), started.output);
      expect(started.output()).not.toContain(apiKey!);
      const workspace = await fetch(`http://localhost:${port}/api/v2/workspace`, {
        headers: { Authorization: `Bearer ${apiKey}`, 'Service-API-Version': '2023-02-22' },
      });
      expect(workspace.status).toBe(200);
    } finally {
      await started.stop();
    }
  }, 90_000);

  it('serves the API with a safe configuration, and none of the demo surfaces', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const started = startProcess(
      {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: base,
        PINMARK_STORAGE_SECRET: 'x'.repeat(32),
        OIDC_ISSUER: 'https://login.example.com',
      },
      dataDir(),
    );
    try {
      await waitFor(() => started.output().includes('Pinmark reference server'), started.output);
      expect(started.output()).toContain('(production)');
      expect(started.output()).not.toMatch(/pk_(ws|org)_/);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/v2/openapi.json`, { headers: { 'Service-API-Version': '2023-02-22' } })).status).toBe(200);
      for (const where of ['/', '/index.html', '/sign-in', '/idp/.well-known/jwks.json'])
        expect((await fetch(base + where)).status, where).toBe(404);
      const token = await fetch(`${base}/demo/customer-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"externalId":"cust-1001","name":"M","email":"m@example.com"}',
      });
      expect(token.status).toBe(404);
    } finally {
      await started.stop();
    }
  }, 60_000);

  it(`warns on every start while ${INSECURE_DEV_SIGN_IN_VAR} forces the development sign-in on`, async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const started = startProcess(
      {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: base,
        PINMARK_STORAGE_SECRET: 'x'.repeat(32),
        [INSECURE_DEV_SIGN_IN_VAR]: '1',
      },
      dataDir(),
    );
    try {
      await waitFor(() => started.output().includes('Pinmark reference server'), started.output);
      expect(started.output()).toContain(`WARNING: ${INSECURE_DEV_SIGN_IN_VAR} is on in production`);
      expect((await fetch(`${base}/sign-in`)).status).toBe(200);
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await started.stop();
    }
  }, 60_000);
});
