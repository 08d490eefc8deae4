/**
 * POST /markups/url with a URL to a supported file (issue 17), against a real HTTP server on this
 * machine: real PNG, PDF and MP4 files are fetched and become file markups that conversion makes
 * ready; a development server may fetch from localhost, a production one only from public
 * addresses (redirects included); huge, slow, missing and lying files are refused with nothing kept.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConversionWorker } from '../conversion/worker.ts';
import { fakeDns } from '../testing/fake-dns.ts';
import { CLIP_MP4, drawnPng, textPdf } from '../testing/file-markups.ts';
import { API, createTestServer, silentLogger, type TestServer } from '../testing/support.ts';
import { URL_FILE_LIMITS } from './markup-url-file.ts';

let files: http.Server;
let base: string;
let port: number;
const defaults = { ...URL_FILE_LIMITS };

beforeAll(async () => {
  const png = await drawnPng(640, 480);
  const pdf = await textPdf(2);
  files = http.createServer((req, res) => {
    const send = (type: string, body: Buffer | string) => res.writeHead(200, { 'content-type': type }).end(body);
    switch (req.url) {
      case '/shot.png':
        return send('image/png', png);
      case '/download/deck.pdf':
        return send('application/octet-stream', pdf);
      case '/clip.mp4':
        return send('video/mp4', CLIP_MP4);
      case '/moved.png':
        return res.writeHead(302, { location: '/shot.png' }).end();
      case '/to-loopback.png':
        return res.writeHead(302, { location: `http://127.0.0.1:${port}/shot.png` }).end();
      case '/page.png':
        return send('text/html', '<!doctype html><title>not an image</title>');
      case '/lying.png':
        return send('image/png', '<!doctype html><html><body>I am a page, honest</body></html>');
      case '/huge.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(500 * 1024 * 1024) });
        return res.write('%PDF-1.7\n');
      case '/endless.pdf': {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF-1.7\n');
        const chunk = Buffer.alloc(16 * 1024, 0x20);
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(chunk)), 1);
        return res.on('close', () => clearInterval(timer));
      }
      case '/slow.webm':
        res.writeHead(200, { 'content-type': 'video/webm' });
        return res.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      default:
        return res.writeHead(404).end('no');
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  port = (files.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});
afterEach(() => Object.assign(URL_FILE_LIMITS, defaults));

const fromUrl = (s: TestServer, url: string, extra: Record<string, unknown> = {}) =>
  s.request('POST', `${API}/markups/url`, { token: s.seed.workspaceApiKey, body: { url, ...extra } });
const markupCount = async (s: TestServer) => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM markups'))[0]!.n;
const objectCount = async (s: TestServer) =>
  (await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM uploads WHERE resource_type = 'markup_asset'"))[0]!.n;

describe('in development', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('fetches an image, a PDF (type from the file name) and a video from a local URL and makes ready file markups', async () => {
    const worker = createConversionWorker({ db: s.db, store: s.storage, clock: s.clock, log: silentLogger });
    const made: Record<string, string> = {};
    for (const [path, type] of [
      ['/shot.png', 'image'],
      ['/download/deck.pdf', 'pdf'],
      ['/moved.png', 'image'],
      ['/clip.mp4', 'video'],
    ] as const) {
      const res = await fromUrl(s, `${base}${path}`, { name: `From ${path}` });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ type, name: `From ${path}`, isReady: false });
      made[path] = res.body.data.id;
    }
    for (let i = 0; i < 3; i++) await worker.runOnce();
    const read = async (id: string) => (await s.request('GET', `${API}/markups/${id}`, { token: s.seed.workspaceApiKey })).body.data;
    expect(await read(made['/shot.png']!)).toMatchObject({
      isReady: true,
      originalMimeType: 'image/png',
      images: [{ width: 640, height: 480 }],
    });
    expect(await read(made['/download/deck.pdf']!)).toMatchObject({ isReady: true, originalMimeType: 'application/pdf', pageCount: 2 });
    expect(await read(made['/clip.mp4']!)).toMatchObject({ isReady: true, video: { width: 160, height: 120, durationMs: 1981 } });
    expect((await fromUrl(s, `${base}/shot.png`)).body.data.name).toBe('127.0.0.1');
  });

  it('refuses what is not a supported file, too big, too slow or missing, keeping nothing', async () => {
    const markups = await markupCount(s);
    const uploads = await objectCount(s);
    URL_FILE_LIMITS.maxBytes = 256 * 1024;
    URL_FILE_LIMITS.timeoutMs = 1500;
    for (const [path, status, hint] of [
      ['/page.png', 422, 'text/html'],
      ['/lying.png', 422, 'does not look like image/png'],
      ['/missing.png', 422, 'HTTP 404'],
      ['/huge.pdf', 413, 'larger than'],
      ['/endless.pdf', 413, 'larger than'],
      ['/slow.webm', 422, 'within'],
      ['/archive.zip', 422, 'neither'],
    ] as const) {
      const res = await fromUrl(s, `${base}${path}`);
      expect(res.status, `${path}: ${res.text}`).toBe(status);
      expect(res.text, path).toContain(hint);
      expect(res.body.error.details[0].path).toBe('url');
    }
    expect(await markupCount(s)).toBe(markups);
    expect(await objectCount(s)).toBe(uploads);
  });
});

describe('in production', () => {
  let s: TestServer;
  beforeAll(async () => {
    // files.example is allowed by name (so its redirect can be tried); nothing else private is.
    s = await createTestServer({
      config: { production: true, webhooks: { allowedPrivateHosts: ['files.example'] } },
      lookup: fakeDns({ 'files.example': ['127.0.0.1'], 'sneaky.example': ['10.1.2.3'] }).lookup,
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses loopback, private names and redirects to them; fetches only what the rules allow', async () => {
    const before = await markupCount(s);
    for (const url of [
      `${base}/shot.png`,
      `http://localhost:${port}/shot.png`,
      `http://[::1]:${port}/shot.png`,
      `http://2130706433:${port}/shot.png`,
      `http://sneaky.example:${port}/shot.png`,
      `http://files.example:${port}/to-loopback.png`,
    ]) {
      const res = await fromUrl(s, url);
      expect(res.status, `${url}: ${res.text}`).toBe(422);
      expect(res.text, url).toMatch(/public addresses|machine/);
      expect(res.text, url).not.toContain('10.1.2.3');
    }
    expect(await markupCount(s)).toBe(before);
    const allowed = await fromUrl(s, `http://files.example:${port}/shot.png`);
    expect(allowed.status, allowed.text).toBe(200);
  });
});
