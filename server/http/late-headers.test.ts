/**
 * Headers set after the answer is made land in that answer, not in a copy of it (late-headers.ts),
 * through @hono/node-server as the server runs, with a body sent whole.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateHeadersInPlace } from './late-headers.ts';

const copies: boolean[] = [];
const app = new Hono();
app.use('*', lateHeadersInPlace);
app.use('*', async (c, next) => {
  await next();
  const made = c.res;
  c.header('X-Late', 'yes');
  c.header('Vary', 'Origin', { append: true });
  copies.push(c.res !== made);
});
app.get('/json', (c) => c.json({ data: 'x'.repeat(3000) }));
app.get('/passed-through', async () => {
  // Headers of a fetched answer are immutable: Hono's copy must still happen.
  const fetched = await fetch(`${base}/json`);
  return fetched;
});

let base = '';
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('late headers', () => {
  it('are written into the answer itself, which goes out with them', async () => {
    copies.length = 0;
    const response = await fetch(`${base}/json`);
    expect(response.headers.get('X-Late')).toBe('yes');
    expect(response.headers.get('Vary')).toBe('Origin');
    expect((await response.json()).data).toHaveLength(3000);
    expect(copies).toEqual([false]);
  });

  it('still reach an answer whose headers cannot be changed, through a copy', async () => {
    copies.length = 0;
    const response = await fetch(`${base}/passed-through`);
    expect(response.headers.get('X-Late')).toBe('yes');
    expect((await response.json()).data).toHaveLength(3000);
    expect(copies.at(-1)).toBe(true);
  });
});
