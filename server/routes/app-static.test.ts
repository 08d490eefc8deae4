/**
 * The review app's files at /app: the page for every app route (SPA fallback) with its strict policy
 * and no caching, hashed assets cached for good, and a missing asset a 404 rather than the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestServer, type TestServer } from '../testing/support.ts';
import { appPagePolicy } from './app-static.ts';

const root = mkdtempSync(path.join(tmpdir(), 'pinmark-app-'));
let s: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><script type="module" src="/app/assets/index-AbCdEf12.js"></script>');
  writeFileSync(path.join(root, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  s = await createTestServer({ config: { appDir: root } });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

describe('/app', () => {
  it('answers every app route with the page, uncached, under a policy without inline script', async () => {
    for (const url of ['/app', '/app/', '/app/inbox?status=all', '/app/inbox/not-a-thread']) {
      const res = await s.app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('index-AbCdEf12.js');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
    }
  });

  it('caches hashed assets for good and answers a missing asset with 404', async () => {
    const asset = await s.app.request('/app/assets/index-AbCdEf12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await s.app.request('/app/assets/gone-12345678.js')).status).toBe(404);
    expect((await s.app.request('/app/../package.json')).status).not.toBe(200);
  });

  it("caches pdf.js's worker (a hashed .mjs the PDF viewer starts from this origin) for good, as JavaScript", async () => {
    writeFileSync(path.join(root, 'assets', 'pdf.worker.min-FHbmGBN0.mjs'), 'self.onmessage = () => {};');
    const worker = await s.app.request('/app/assets/pdf.worker.min-FHbmGBN0.mjs');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('text/javascript');
    expect(worker.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("lets the page reach the OIDC provider's token endpoint, and only that origin besides the store", () => {
    expect(appPagePolicy(null)).toContain("connect-src 'self';");
    expect(appPagePolicy(null, 'https://oauth2.example')).toContain("connect-src 'self' https://oauth2.example;");
    const both = appPagePolicy('https://store.example', 'https://oauth2.example');
    expect(both).toContain("connect-src 'self' https://store.example https://oauth2.example;");
    expect(both).toContain("img-src 'self' data: blob: https://store.example;");
    expect(both).toContain("media-src 'self' blob: https://store.example;");
    expect(appPagePolicy('https://same.example', 'https://same.example')).toContain("connect-src 'self' https://same.example;");
  });
});
