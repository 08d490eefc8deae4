/**
 * GET /image-relay (routes/image-relay.ts) against a real HTTP server on this machine: a signed-in
 * reviewer gets a real PNG's bytes back unchanged; the attacker's uses are refused — no credential,
 * a page or a script passed off as an image, a huge or endless answer, a production server asked
 * for a private address (directly or by redirect), a non-http URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDns } from '../testing/fake-dns.ts';
import { drawnPng } from '../testing/file-markups.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { IMAGE_RELAY_LIMITS } from './image-relay.ts';

let files: http.Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await drawnPng(64, 48);
  files = http.createServer((req, res) => {
    const send = (type: string, body: Buffer | string) => res.writeHead(200, { 'content-type': type }).end(body);
    switch (req.url) {
      case '/photo.png':
        return send('image/png; charset=binary', png);
      case '/icon.svg':
        return send('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
      case '/page.png':
        return send('text/html', '<!doctype html><title>not an image</title>');
      case '/lying.png':
        return send('image/png', '<script>alert(1)</script>');
      case '/redirect-private.png':
        return res.writeHead(302, { location: 'http://sneaky.example/photo.png' }).end();
      case '/huge.png': {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png.subarray(0, 16));
        const chunk = Buffer.alloc(64 * 1024);
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(chunk)), 1);
        return res.on('close', () => clearInterval(timer));
      }
      default:
        return res.writeHead(404).end('no');
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

async function relay(s: TestServer, url: string, token?: string) {
  const response = await s.app.request(`${API}/image-relay?url=${encodeURIComponent(url)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString()) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

describe('in development', () => {
  let s: TestServer;
  let reviewer: string;
  beforeAll(async () => {
    s = await createTestServer();
    reviewer = (await s.exchangeToken({ sub: 'relay-reviewer', name: 'Rae' })).token;
  });
  afterAll(async () => {
    await s.close();
  });

  it("answers a reviewer the image's own bytes, marked so that it is never a page of this origin", async () => {
    const answer = await relay(s, `${base}/photo.png`, reviewer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.bytes.equals(png)).toBe(true);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await relay(s, `${base}/icon.svg`, reviewer);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses a caller without a credential', async () => {
    const answer = await relay(s, `${base}/photo.png`);
    expect(answer.status).toBe(401);
    expect(answer.json.error.code).toBe('unauthorized');
  });

  it('refuses a page, and a script passed off as a PNG, with the reason', async () => {
    const page = await relay(s, `${base}/page.png`, reviewer);
    expect(page.status).toBe(415);
    expect(page.json.error.message).toContain('text/html');
    const lying = await relay(s, `${base}/lying.png`, reviewer);
    expect(lying.status).toBe(415);
    expect(lying.json.error.message).toMatch(/does not look like image\/png/);
    expect(lying.bytes.toString()).not.toContain('<script>');
  });

  it('stops reading an endless image at the cap', async () => {
    const cap = IMAGE_RELAY_LIMITS.maxBytes;
    IMAGE_RELAY_LIMITS.maxBytes = 256 * 1024;
    try {
      const answer = await relay(s, `${base}/huge.png`, reviewer);
      expect(answer.status).toBe(413);
      expect(answer.json.error.code).toBe('payload_too_large');
    } finally {
      IMAGE_RELAY_LIMITS.maxBytes = cap;
    }
  });

  it('refuses what is not an absolute http(s) URL, and a missing image', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', '/relative.png', `${base.replace('http', 'ftp')}/x.png`]) {
      const answer = await relay(s, url, reviewer);
      expect(answer.status, url).toBe(400);
      expect(answer.json.error.code).toBe('bad_request');
    }
    const missing = await relay(s, `${base}/gone.png`, reviewer);
    expect(missing.status).toBe(422);
    expect(missing.json.error.message).toContain('HTTP 404');
  });
});

describe('in production', () => {
  let s: TestServer;
  let reviewer: string;
  beforeAll(async () => {
    s = await createTestServer({
      config: { production: true, webhooks: { allowedPrivateHosts: [] } },
      lookup: fakeDns({ 'sneaky.example': ['10.1.2.3'], 'loopback.example': ['127.0.0.1'] }).lookup,
    });
    reviewer = (await s.exchangeToken({ sub: 'relay-reviewer', name: 'Rae' })).token;
  });
  afterAll(async () => {
    await s.close();
  });

  it('never fetches from this machine or a private network, directly or through a name', async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/photo.png`,
      `http://loopback.example:${port}/photo.png`,
      'http://sneaky.example/photo.png',
      'http://[::1]/x.png',
    ]) {
      const answer = await relay(s, url, reviewer);
      expect(answer.status, url).toBe(422);
      expect(answer.bytes.equals(png)).toBe(false);
    }
  });
});
