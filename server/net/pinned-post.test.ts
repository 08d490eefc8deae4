/**
 * The pinned POST over a real loopback connection: it connects to the address it was handed for a
 * name no resolver knows (so DNS is never asked), keeps the name in the Host header, reports a
 * redirect as its status without following it, and gives up when aborted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { pinnedLookup, pinnedPost } from './pinned-post.ts';

let receiver: Receiver;
let port: string;
beforeAll(async () => {
  receiver = await startReceiver();
  port = new URL(receiver.url).port;
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => receiver.reset());

const LOOPBACK = [{ address: '127.0.0.1', family: 4 as const }];
const post = (url: string, signal = AbortSignal.timeout(5000)) =>
  pinnedPost({
    url: new URL(url),
    addresses: LOOPBACK,
    headers: { 'content-type': 'application/json', 'x-test': '1' },
    body: '{"a":1}',
    signal,
  });

describe('pinnedPost', () => {
  it('connects to the vetted address, never resolving the name, and sends the name as Host', async () => {
    expect(await post(`http://receiver.invalid:${port}/hook?x=1`)).toBe(200);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers.host).toBe(`receiver.invalid:${port}`);
    expect(got.headers['x-test']).toBe('1');
    expect(got.headers['content-length']).toBe('7');
    expect(got.body).toBe('{"a":1}');
  });

  it('reports a redirect as its status and does not follow it', async () => {
    receiver.respondWith(307);
    expect(await post(`http://receiver.invalid:${port}/hook`)).toBe(307);
    expect(receiver.received).toHaveLength(1);
  });

  it('rejects when aborted, and without an address to connect to', async () => {
    receiver.delay(2000);
    await expect(post(`http://receiver.invalid:${port}/hook`, AbortSignal.timeout(100))).rejects.toThrow();
    await expect(
      pinnedPost({ url: new URL('http://receiver.invalid/'), addresses: [], headers: {}, body: '', signal: new AbortController().signal }),
    ).rejects.toThrow(/no vetted address/);
  });
});

describe('pinnedLookup', () => {
  const addresses = [
    { address: '2606:4700:4700::1111', family: 6 as const },
    { address: '1.1.1.1', family: 4 as const },
  ];
  const ask = (options: { all?: boolean; family?: number }) =>
    new Promise<unknown[]>((resolve) => pinnedLookup(addresses)('anything.example', options, (...args: unknown[]) => resolve(args)));

  it('answers only the vetted addresses, whatever the name, honouring family and all', async () => {
    expect(await ask({ all: true })).toEqual([null, addresses]);
    expect(await ask({})).toEqual([null, '2606:4700:4700::1111', 6]);
    expect(await ask({ family: 4 })).toEqual([null, '1.1.1.1', 4]);
    // No vetted address of the family asked for: an error, never a fallback to DNS.
    const [refusal] = await new Promise<unknown[]>((resolve) =>
      pinnedLookup([addresses[0]!])('x', { family: 4 }, (...args: unknown[]) => resolve(args)),
    );
    expect(refusal).toBeInstanceOf(Error);
  });
});
