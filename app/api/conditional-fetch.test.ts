/**
 * The review app's conditional fetch: If-None-Match on inbox and thread reads once an ETag is known,
 * a 304 turned back into the remembered answer, one person's answer never reused for another token,
 * and everything else passed through as it was.
 */
import { describe, expect, it } from 'vitest';
import { conditionalFetch } from './conditional-fetch';

type Call = { url: string; headers: Headers; cache: RequestCache | undefined };

function fakeServer(answers: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const inner: typeof fetch = async (input, init) => {
    const call = { url: String(input), headers: new Headers(init?.headers), cache: init?.cache };
    calls.push(call);
    return answers[calls.length - 1]!(call);
  };
  return { calls, fetch: conditionalFetch(inner) };
}

const json = (body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) } });
const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });
const INBOX = 'https://app.example/api/v2/inbox?status=open';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('conditionalFetch', () => {
  it('asks with the last ETag and answers a 304 with the remembered body', async () => {
    const server = fakeServer([
      () => json({ data: { total: 1 } }, 'W/"a"'),
      () => notModified('W/"a"'),
      () => json({ data: { total: 2 } }, 'W/"b"'),
    ]);
    expect(await (await server.fetch(INBOX, auth('t1'))).json()).toEqual({ data: { total: 1 } });
    expect(server.calls[0]!.headers.has('If-None-Match')).toBe(false);
    expect(server.calls[0]!.cache).toBe('no-store');
    const again = await server.fetch(INBOX, auth('t1'));
    expect(server.calls[1]!.headers.get('If-None-Match')).toBe('W/"a"');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ data: { total: 1 } });
    expect(await (await server.fetch(INBOX, auth('t1'))).json()).toEqual({ data: { total: 2 } });
  });

  it("never reuses one token's answer for another", async () => {
    const server = fakeServer([() => json({ who: 'ann' }, 'W/"ann"'), () => json({ who: 'ben' }, 'W/"ben"')]);
    await server.fetch(INBOX, auth('ann'));
    await server.fetch(INBOX, auth('ben'));
    expect(server.calls[1]!.headers.has('If-None-Match')).toBe(false);
  });

  it('passes writes and other reads through untouched', async () => {
    const server = fakeServer([() => json({}, 'W/"x"'), () => json({}, 'W/"y"'), () => json({}, 'W/"z"')]);
    await server.fetch('https://app.example/api/v2/threads/abc/messages', { method: 'POST', ...auth('t') });
    await server.fetch('https://app.example/api/v2/users', auth('t'));
    await server.fetch('https://app.example/api/v2/users', auth('t'));
    expect(server.calls.map((c) => c.headers.has('If-None-Match'))).toEqual([false, false, false]);
    expect(server.calls.map((c) => c.cache)).toEqual([undefined, undefined, undefined]);
  });

  it('a thread read is conditional too; an error answer forgets what was kept', async () => {
    const url = 'https://app.example/api/v2/threads/1b2c';
    const server = fakeServer([() => json({ id: 1 }, 'W/"t"'), () => new Response('{}', { status: 404 }), () => json({ id: 1 }, 'W/"t"')]);
    await server.fetch(url, auth('t'));
    expect((await server.fetch(url, auth('t'))).status).toBe(404);
    await server.fetch(url, auth('t'));
    expect(server.calls[1]!.headers.get('If-None-Match')).toBe('W/"t"');
    expect(server.calls[2]!.headers.has('If-None-Match')).toBe(false);
  });
});
