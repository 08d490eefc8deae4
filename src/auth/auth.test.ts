import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { ListenerCollection } from '../util/listener-collection';
import { createAuth, type AuthOptions, type AuthState } from './auth';
import { readStoredSession, sessionStorageKey } from './session-storage';

const KEY = sessionStorageKey('pk_1', 'm1');
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

let owner: ListenerCollection;
let states: AuthState[];
let requests: { url: string; method: string; headers: Record<string, string>; body: unknown }[];
let respond: (url: string) => Response;

function auth(extra: Partial<AuthOptions> = {}) {
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return respond(String(input));
  }) as typeof globalThis.fetch;
  const api = createApiClient({ apiBase: 'http://api.test', fetch });
  return createAuth({
    api,
    apiBase: 'http://api.test',
    publicKey: 'pk_1',
    markupId: 'm1',
    owner,
    onChange: (state) => states.push(state),
    ...extra,
  });
}

const exchangeAnswer = (token: string, minutes = 60) =>
  new Response(
    JSON.stringify({ data: { exchangeToken: token, expiresAt: inMinutes(minutes), workspaceId: 'w', userId: 'u1', markupRole: {} } }),
    {
      status: 200,
    },
  );

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  owner = new ListenerCollection();
  states = [];
  requests = [];
  respond = () => new Response(null, { status: 500 });
});

afterEach(() => {
  owner.removeAll();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

describe('session restore', () => {
  it('restores a valid session from sessionStorage under pinmark:session:<publicKey>:<markupId>', () => {
    expect(KEY).toBe('pinmark:session:pk_1:m1');
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_a', expiresAt: inMinutes(30), userId: 'u1', name: 'Ada' }));
    const a = auth();
    expect(a.restore()).toBe(true);
    expect(a.token()).toBe('pmx_a');
    expect(states.at(-1)).toMatchObject({ status: 'signed-in', method: 'popup', session: { name: 'Ada', userId: 'u1' } });
  });

  it('discards expired or malformed entries', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_a', expiresAt: inMinutes(-1), userId: 'u1', name: 'Ada' }));
    expect(auth().restore()).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    sessionStorage.setItem(KEY, '{not json');
    expect(auth().restore()).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    sessionStorage.setItem(KEY, JSON.stringify({ token: 'x' }));
    expect(readStoredSession(KEY)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(auth().restore()).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('customer token', () => {
  it('exchanges the host JWT silently, mirrors the session and takes the name from the JWT', async () => {
    respond = () => exchangeAnswer('pmx_c');
    const token = jwt({ sub: 'u1', name: 'Grace' });
    const a = auth({ getCustomerToken: () => Promise.resolve(token) });
    await a.signInSilently();
    expect(requests[0]).toMatchObject({ url: 'http://api.test/api/v2/auth/exchange', method: 'POST', body: { token } });
    expect(requests[0]!.headers.Authorization).toBeUndefined();
    expect(a.token()).toBe('pmx_c');
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject({ exchangeToken: 'pmx_c', userId: 'u1', name: 'Grace' });
    expect(states.map((s) => s.status)).toEqual(['signing-in', 'signed-in']);
  });

  it('renews about 60 s before expiresAt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let n = 0;
    respond = () => exchangeAnswer(`pmx_${++n}`, 5);
    const a = auth({ getCustomerToken: () => Promise.resolve(jwt({ name: 'G' })) });
    await a.signInSilently();
    expect(a.token()).toBe('pmx_1');
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 1000);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(2);
    await vi.waitFor(() => expect(a.token()).toBe('pmx_2'));
    expect(states.filter((s) => s.status === 'signing-in')).toHaveLength(1);
  });

  it('signs out when the exchange fails', async () => {
    respond = () => new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'bad audience' } }), { status: 401 });
    const a = auth({ getCustomerToken: () => Promise.resolve('jwt') });
    await expect(a.signInSilently()).rejects.toMatchObject({ status: 401, message: 'bad audience' });
    expect(a.state.status).toBe('signed-out');
  });
});

describe('identity token', () => {
  it('posts the SDK exchange with the identity token as bearer', async () => {
    respond = () => exchangeAnswer('pmx_i');
    const a = auth({ getIdentityToken: () => Promise.resolve('idp_access') });
    await a.signInSilently();
    expect(requests[0]).toMatchObject({
      url: 'http://api.test/api/v2/auth/sdk-exchange',
      method: 'POST',
      body: { publicKey: 'pk_1', markupId: 'm1', sdkOrigin: location.origin },
    });
    expect(requests[0]!.headers.Authorization).toBe('Bearer idp_access');
    expect(a.token()).toBe('pmx_i');
  });

  it('re-exchanges on 401 (handleUnauthorized) instead of asking the reviewer', async () => {
    let n = 0;
    respond = () => exchangeAnswer(`pmx_${++n}`);
    const a = auth({ getIdentityToken: () => Promise.resolve('idp') });
    await a.signInSilently();
    await expect(a.handleUnauthorized()).resolves.toBe(true);
    expect(a.token()).toBe('pmx_2');
  });
});

describe('popup session', () => {
  it('signs out (expired) at expiresAt and clears the mirror', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_p', expiresAt: inMinutes(2), userId: 'u', name: 'P' }));
    const a = auth();
    a.restore();
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 10);
    expect(a.state).toEqual({ status: 'signed-out', expired: true });
    expect(a.token()).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a 401 ends the popup session', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_p', expiresAt: inMinutes(20), userId: 'u', name: 'P' }));
    const a = auth();
    a.restore();
    await expect(a.handleUnauthorized()).resolves.toBe(false);
    expect(a.state).toEqual({ status: 'signed-out', expired: true });
  });

  it('signs in through the popup and stores the result', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      respond = () =>
        new Response(JSON.stringify({ data: { exchangeToken: 'pmx_pop', expiresAt: inMinutes(60), userId: 'u9', name: 'Popup User' } }));
      const a = auth({ openWindow: () => frame.contentWindow, pollIntervalMs: 10 });
      const outcome = a.signInWithPopup();
      expect(outcome).toBeInstanceOf(Promise);
      expect(a.state.status).toBe('signing-in');
      await outcome;
      expect(a.state).toMatchObject({ status: 'signed-in', method: 'popup', session: { name: 'Popup User' } });
      expect(readStoredSession(KEY)?.exchangeToken).toBe('pmx_pop');
    } finally {
      frame.remove();
    }
  });

  it('reports a blocked popup', () => {
    expect(auth({ openWindow: () => null }).signInWithPopup()).toBe('blocked');
  });
});

describe('identify (the host names the reviewer after start)', () => {
  const answerFor = (url: string, body: unknown) => {
    const user = String((body as { token?: string })?.token ?? 'x').replace(/^tok-/, '');
    return new Response(
      JSON.stringify({ data: { exchangeToken: `pmx_${user}`, expiresAt: inMinutes(60), workspaceId: 'w', userId: user, markupRole: {} } }),
    );
  };
  beforeEach(() => {
    respond = (url) => answerFor(url, requests.at(-1)?.body);
  });

  it("replaces another user's session and makes the host's token the silent source", async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_p', expiresAt: inMinutes(20), userId: 'u1', name: 'P' }));
    const a = auth();
    a.restore();
    expect(a.canRenewSilently).toBe(false);
    await a.identify({ method: 'customer-token', get: () => Promise.resolve('tok-u2') });
    expect(a.state).toMatchObject({ status: 'signed-in', method: 'customer-token', session: { userId: 'u2' } });
    expect(readStoredSession(KEY)?.exchangeToken).toBe('pmx_u2');
    // A 401 is now renewed with the host's token instead of ending the session.
    await expect(a.handleUnauthorized()).resolves.toBe(true);
    expect(requests.map((r) => (r.body as { token: string }).token)).toEqual(['tok-u2', 'tok-u2']);
    // signOut forgets it: the options had no token function.
    a.signOut();
    expect(a.canRenewSilently).toBe(false);
    expect(a.state).toEqual({ status: 'signed-out' });
  });

  it('a later identify() wins over one still in flight; the earlier one rejects as cancelled', async () => {
    let release!: (token: string) => void;
    const a = auth();
    const first = a.identify({ method: 'customer-token', get: () => new Promise<string>((resolve) => (release = resolve)) });
    const second = a.identify({ method: 'customer-token', get: () => Promise.resolve('tok-u3') });
    release('tok-u1');
    await expect(second).resolves.toBeUndefined();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    expect(a.state).toMatchObject({ status: 'signed-in', session: { userId: 'u3' } });
  });

  it('a silent sign-in still in flight when signOut() comes does not sign anyone back in', async () => {
    let release!: (token: string) => void;
    const a = auth({ getCustomerToken: () => new Promise<string>((resolve) => (release = resolve)) });
    const flight = a.signInSilently();
    a.signOut();
    release('tok-u1');
    await expect(flight).resolves.toBe(false);
    expect(a.state).toEqual({ status: 'signed-out' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(a.canRenewSilently).toBe(true); // the option's source stays
  });

  it('a refused identify() leaves nobody signed in, not the previous user', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ exchangeToken: 'pmx_p', expiresAt: inMinutes(20), userId: 'u1', name: 'P' }));
    respond = () => new Response(JSON.stringify({ error: { code: 'invalid_token', message: 'nope' } }), { status: 401 });
    const a = auth();
    a.restore();
    await expect(a.identify({ method: 'identity-token', get: () => Promise.resolve('idp') })).rejects.toMatchObject({ status: 401 });
    expect(a.state).toEqual({ status: 'signed-out' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('cancels an open popup, whose failure then does not restore the old state', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      const a = auth({ openWindow: () => frame.contentWindow, pollIntervalMs: 10 });
      const popup = a.signInWithPopup() as Promise<void>;
      const identified = a.identify({ method: 'customer-token', get: () => Promise.resolve('tok-u4') });
      await expect(popup).rejects.toMatchObject({ kind: 'cancelled' });
      await identified;
      expect(a.state).toMatchObject({ status: 'signed-in', session: { userId: 'u4' } });
      expect(states.map((s) => s.status)).toEqual(['signing-in', 'signing-in', 'signed-in']);
    } finally {
      frame.remove();
    }
  });
});
