/**
 * The review app's page names a route's lazy chunks up front (app-route-hints.ts): a markup's page
 * hints the managed views' chunk and the file review's with their imports and styles (never the
 * entry itself), a managed view's page only its own, the inbox nothing; the manifest is never
 * served; a build without one gets the plain page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createTestServer, type TestServer } from '../testing/support.ts';
import { chunksOf } from './app-route-hints.ts';

const MANIFEST = {
  'index.html': { file: 'assets/index-AbCdEf12.js', isEntry: true, css: ['assets/index-Css00001.css'] },
  'views/manage-views.ts': {
    file: 'assets/manage-views-Mv000001.js',
    imports: ['index.html', '_workspace-Ws000001.js'],
    css: ['assets/manage-views-Mv000002.css'],
  },
  '_workspace-Ws000001.js': { file: 'assets/workspace-Ws000001.js', imports: ['index.html'] },
  'views/file-review/FileReviewPage.tsx': {
    file: 'assets/FileReviewPage-Fr000001.js',
    imports: ['index.html', '_PinMarker-Pm000001.js', '_workspace-Ws000001.js'],
    css: ['assets/FileReviewPage-Fr000002.css'],
  },
  '_PinMarker-Pm000001.js': { file: 'assets/PinMarker-Pm000001.js' },
};

const root = mkdtempSync(path.join(tmpdir(), 'pinmark-app-hints-'));
const manifestFile = path.join(root, '.vite', 'manifest.json');
let s: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/app/assets/index-AbCdEf12.js"></script></head><body></body></html>',
  );
  writeFileSync(manifestFile, JSON.stringify(MANIFEST));
  s = await createTestServer({ config: { appDir: root } });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

const hintsIn = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('route hints', () => {
  it("walks a route's chunks and their imports once each, in load order, without the entry", () => {
    expect(chunksOf(MANIFEST, ['views/manage-views.ts', 'views/file-review/FileReviewPage.tsx'])).toEqual({
      scripts: [
        'assets/manage-views-Mv000001.js',
        'assets/workspace-Ws000001.js',
        'assets/FileReviewPage-Fr000001.js',
        'assets/PinMarker-Pm000001.js',
      ],
      styles: ['assets/manage-views-Mv000002.css', 'assets/FileReviewPage-Fr000002.css'],
    });
    expect(chunksOf(MANIFEST, ['views/gone.ts'])).toEqual({ scripts: [], styles: [] });
  });

  it("a markup's page names the managed views' and the file review's chunks in its head", async () => {
    const res = await s.app.request('/app/markups/7b0f7c1e-0000-4000-8000-000000000001');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(hintsIn(html)).toEqual([
      'modulepreload /app/assets/manage-views-Mv000001.js',
      'modulepreload /app/assets/workspace-Ws000001.js',
      'modulepreload /app/assets/FileReviewPage-Fr000001.js',
      'modulepreload /app/assets/PinMarker-Pm000001.js',
      'preload /app/assets/manage-views-Mv000002.css',
      'preload /app/assets/FileReviewPage-Fr000002.css',
    ]);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href=/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('a managed view hints only its own chunk; the inbox and threads nothing', async () => {
    const workspace = hintsIn(await (await s.app.request('/app/workspace')).text());
    expect(workspace).toContain('modulepreload /app/assets/manage-views-Mv000001.js');
    expect(workspace.join(' ')).not.toContain('FileReviewPage');
    for (const url of ['/app', '/app/inbox', '/app/inbox/some-thread'])
      expect(hintsIn(await (await s.app.request(url)).text()), url).toEqual([]);
  });

  it('gives each page its own ETag, and a compressed copy that says the same', async () => {
    const plain = await s.app.request('/app/inbox');
    const hinted = await s.app.request('/app/markups/x', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(hinted.headers.get('content-encoding')).toBe('gzip');
    expect(hinted.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(gunzipSync(Buffer.from(await hinted.arrayBuffer())).toString()).toContain('FileReviewPage-Fr000001.js');
  });

  it('never serves the manifest, and without one sends the plain page', async () => {
    expect((await s.app.request('/app/.vite/manifest.json')).status).toBe(404);
    expect((await s.app.request('/app/%2Evite/manifest.json')).status).toBe(404);
    expect((await s.app.request('/app/assets/..%2F.vite/manifest.json')).status).toBe(404);
    unlinkSync(manifestFile);
    const res = await s.app.request('/app/markups/x');
    expect(res.status).toBe(200);
    expect(hintsIn(await res.text())).toEqual([]);
    writeFileSync(manifestFile, JSON.stringify(MANIFEST));
  });
});
