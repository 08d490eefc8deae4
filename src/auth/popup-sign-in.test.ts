import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import type { SdkExchangeResponse } from '../api/wire';
import { ListenerCollection } from '../util/listener-collection';
import { createStateNonce } from './nonce';
import { SignInError, startPopupSignIn, type PopupSignInOptions } from './popup-sign-in';

const SIGN_IN_ORIGIN = 'http://sign-in.test';
const session = {
  exchangeToken: 'pmx_1',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  userId: 'u1',
  name: 'Ada',
} as SdkExchangeResponse;

let frame: HTMLIFrameElement;
let popup: Window;
let owner: ListenerCollection;

beforeEach(() => {
  // A real WindowProxy stands in for the popup so MessageEvent.source can be checked.
  frame = document.createElement('iframe');
  document.body.append(frame);
  popup = frame.contentWindow!;
  owner = new ListenerCollection();
});

afterEach(() => {
  owner.removeAll();
  frame.remove();
});

function options(read: PopupSignInOptions['api']['sdkExchangeResult'], extra: Partial<PopupSignInOptions> = {}) {
  const opened: { url: string; features: string }[] = [];
  const opts: PopupSignInOptions = {
    api: { sdkExchangeResult: read },
    apiBase: 'http://api.test',
    signInUrl: `${SIGN_IN_ORIGIN}/sign-in`,
    publicKey: 'pk_1',
    markupId: 'm1',
    owner,
    openWindow: (url, _target, features) => {
      opened.push({ url, features });
      return popup;
    },
    pollIntervalMs: 60_000,
    ...extra,
  };
  return { opts, opened };
}

function post(data: unknown, from: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: from.origin ?? SIGN_IN_ORIGIN, source: from.source === undefined ? popup : from.source }),
  );
}

const notYet = () => Promise.reject(new ApiError(404, 'not_found', 'not yet'));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createStateNonce', () => {
  it('is 128 bits of base64url (22 chars) and unique', () => {
    const values = new Set(Array.from({ length: 50 }, createStateNonce));
    expect(values.size).toBe(50);
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('startPopupSignIn', () => {
  it('reports a blocked popup', () => {
    const { opts } = options(vi.fn());
    expect(startPopupSignIn({ ...opts, openWindow: () => null })).toEqual({ status: 'blocked' });
  });

  it('opens the sign-in page with publicKey, markupId, state and sdkOrigin in a 480×640 popup', () => {
    const { opts, opened } = options(vi.fn());
    const flow = startPopupSignIn(opts);
    expect(flow.status).toBe('opened');
    const url = new URL(opened[0]!.url);
    expect(url.origin + url.pathname).toBe(`${SIGN_IN_ORIGIN}/sign-in`);
    expect(url.searchParams.get('publicKey')).toBe('pk_1');
    expect(url.searchParams.get('markupId')).toBe('m1');
    expect(url.searchParams.get('sdkOrigin')).toBe(location.origin);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(flow.status === 'opened' && flow.state).toBe(url.searchParams.get('state'));
    expect(opened[0]!.features).toContain('width=480');
    expect(opened[0]!.features).toContain('height=640');
  });

  it('defaults the sign-in page to apiBase/sign-in', () => {
    const { opts, opened } = options(vi.fn());
    startPopupSignIn({ ...opts, signInUrl: undefined });
    expect(opened[0]!.url.startsWith('http://api.test/sign-in?')).toBe(true);
  });

  it('reads the result exactly once after the signed-in message', async () => {
    const read = vi.fn<PopupSignInOptions['api']['sdkExchangeResult']>(() => Promise.resolve(session));
    const { opts } = options(read);
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    post({ type: 'pinmark:sdk-signed-in', state: flow.state });
    post({ type: 'pinmark:sdk-signed-in', state: flow.state });
    await expect(flow.result).resolves.toEqual(session);
    post({ type: 'pinmark:sdk-signed-in', state: flow.state });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![0]).toEqual({ state: flow.state, publicKey: 'pk_1', markupId: 'm1' });
    expect(owner.size).toBe(0);
  });

  it('ignores messages from another origin, another window or with another state', async () => {
    const read = vi.fn(() => Promise.resolve(session));
    const { opts } = options(read);
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    post({ type: 'pinmark:sdk-signed-in', state: flow.state }, { origin: 'http://evil.test' });
    post({ type: 'pinmark:sdk-signed-in', state: flow.state }, { source: window });
    post({ type: 'pinmark:sdk-signed-in', state: 'another-state-value-xx' });
    post('pinmark:sdk-signed-in');
    await flush();
    expect(read).not.toHaveBeenCalled();
    flow.cancel();
    await expect(flow.result).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('rejects with the message of a failed sign-in', async () => {
    const read = vi.fn();
    const { opts } = options(read);
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    post({ type: 'pinmark:sdk-sign-in-failed', state: flow.state, message: 'origin not allowed' });
    const error = await flow.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ kind: 'failed', message: 'origin not allowed' });
    expect(read).not.toHaveBeenCalled();
  });

  it('polls while waiting (404 = not yet) and stops at the first success', async () => {
    let calls = 0;
    const read = vi.fn(() => (++calls < 3 ? notYet() : Promise.resolve(session)));
    const { opts } = options(read, { pollIntervalMs: 10 });
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    await expect(flow.result).resolves.toEqual(session);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('never reads twice at once: a message during a poll re-reads only if the poll was too early', async () => {
    let resolvePoll!: (value: SdkExchangeResponse) => void;
    let rejectPoll!: (error: unknown) => void;
    const read = vi
      .fn<PopupSignInOptions['api']['sdkExchangeResult']>()
      .mockImplementationOnce(() => new Promise((resolve, reject) => ((resolvePoll = resolve), (rejectPoll = reject))))
      .mockImplementation(() => Promise.resolve(session));
    const { opts } = options(read, { pollIntervalMs: 10 });
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    post({ type: 'pinmark:sdk-signed-in', state: flow.state });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(read).toHaveBeenCalledTimes(1);
    rejectPoll(new ApiError(404, 'not_found', 'not yet'));
    await expect(flow.result).resolves.toEqual(session);
    expect(read).toHaveBeenCalledTimes(2);
    void resolvePoll;
  });

  it('stops polling on an error other than 404', async () => {
    const read = vi.fn(() => Promise.reject(new ApiError(403, 'forbidden', 'origin mismatch')));
    const { opts } = options(read, { pollIntervalMs: 10 });
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    await expect(flow.result).rejects.toMatchObject({ status: 403 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time limit', async () => {
    const read = vi.fn(notYet);
    const { opts } = options(read, { pollIntervalMs: 10, giveUpAfterMs: 35 });
    const flow = startPopupSignIn(opts);
    if (flow.status !== 'opened') throw new Error('blocked');
    await expect(flow.result).rejects.toMatchObject({ kind: 'timeout' });
    const count = read.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(read.mock.calls.length).toBe(count);
  });

  it('gives up after 5 minutes by default', async () => {
    vi.useFakeTimers();
    try {
      const { opts } = options(vi.fn(notYet), { pollIntervalMs: 2000 });
      const flow = startPopupSignIn(opts);
      if (flow.status !== 'opened') throw new Error('blocked');
      const outcome = flow.result.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops everything when its owner is destroyed', async () => {
    const read = vi.fn(notYet);
    const { opts } = options(read, { pollIntervalMs: 10 });
    const flow = startPopupSignIn(opts);
    expect(flow.status).toBe('opened');
    owner.removeAll();
    const count = read.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(read.mock.calls.length).toBe(count);
  });
});
