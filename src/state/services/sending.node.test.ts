/**
 * The unsent-change pipeline end to end in Node: a comment goes from `postThread` through the
 * outbox, the request builder and the real API client to a fake `fetch` standing in for the server,
 * and comes back into the store. Virtual time drives the retries; the page (window, document,
 * navigator) is a small stand-in, since nothing here needs layout.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiCredential } from '../../api/client';
import type { CreateThreadRequest } from '../../api/wire';
import { idle, useVirtualClock } from '../../outbox/node-clock';
import { natives } from '../../util/natives';
import { NEW_THREAD } from '../model/shapes';
import { createStore, type Store } from '../model/store';
import { createSending, type Sending } from './sending';

// util/natives.ts keeps the fetch it finds first (a page may patch it later), so it finds this
// trampoline to each test's fake server, before the page stand-in below replaces `window`.
let serverFetch: typeof fetch = () => Promise.reject(new TypeError('no server'));
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => serverFetch(input, init);
natives();
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** One request as the fake server saw it. */
interface Seen {
  method: string;
  path: string;
  token: string | null;
  idempotencyKey: string | null;
}
/** What the fake server answers to one request: a status and a body (`undefined`: the network fails). */
type Answer = { status: number; data?: unknown; headers?: Record<string, string> } | undefined;

const STORAGE_URL = 'https://storage.test/bucket';

/** A server that answers each route from a queue (then with the route's default) and records every request. */
function fakeServer() {
  const seen: Seen[] = [];
  const queued = new Map<string, Answer[]>();
  const defaults: Record<string, () => Answer> = {
    'POST /threads': () => ({ status: 201, data: serverThread('t-1') }),
    'POST /upload-policy': () => ({
      status: 201,
      data: { fileId: 'f-1', key: 'k-1', bucket: 'b', metadata: {}, policy: { url: STORAGE_URL, fields: {} } },
    }),
    'POST /upload-complete': () => ({ status: 200, data: { fileId: 'f-1' } }),
    'POST storage': () => ({ status: 204, headers: { ETag: '"etag-1"' } }),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    const path = url.startsWith(STORAGE_URL) ? 'storage' : new URL(url).pathname.replace('/api/v2', '');
    const route = `${init.method ?? 'GET'} ${path}`;
    seen.push({ method: init.method ?? 'GET', path, token: headers.get('Authorization'), idempotencyKey: headers.get('Idempotency-Key') });
    const answer = queued.get(route)?.length ? queued.get(route)!.shift() : defaults[route]?.();
    if (!answer) throw new TypeError('Failed to fetch');
    const body = answer.status === 204 ? null : JSON.stringify(answer.status < 400 ? { data: answer.data } : { error: answer.data });
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
  return {
    fetch,
    seen,
    /** The next answers to `route` ("POST /threads"), before its default. */
    answer(route: string, ...answers: Answer[]) {
      queued.set(route, [...(queued.get(route) ?? []), ...answers]);
    },
    posted: (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path),
  };
}

function serverThread(id: string) {
  return { id, number: 1, markupId: 'm-1', messages: [], createdAt: 1, modifiedAt: 1, isResolved: false };
}

const body: CreateThreadRequest = {
  isImageThread: false,
  url: 'https://site.test/page',
  canonicalUrl: 'https://site.test/page',
  elements: [{ elementPath: 'main > button', offsetXPercentage: 50, offsetYPercentage: 50 }],
  elementParents: [],
  offsetXPercentage: 10,
  offsetYPercentage: 20,
  message: { ops: [{ insert: 'The button is cut off\n' }] },
  browserContext: {} as CreateThreadRequest['browserContext'],
  viewModeId: 'desktop',
};

describe('sending (outbox → API client → fetch)', () => {
  const storage = useVirtualClock();
  let server: ReturnType<typeof fakeServer>;
  let store: Store;
  let sending: Sending;
  let page: EventTarget & { innerWidth: number };
  let online: boolean;
  let token: string;
  const renewals = vi.fn<() => Promise<boolean>>();
  const emit = vi.fn();
  const signInNeeded = vi.fn();
  const restoreDraft = vi.fn();

  beforeEach(() => {
    server = fakeServer();
    online = true;
    token = 'tok-1';
    renewals.mockReset().mockResolvedValue(false);
    for (const spy of [emit, signInNeeded, restoreDraft]) spy.mockReset();
    page = Object.assign(new EventTarget(), {
      innerWidth: 1280,
      setTimeout: (run: () => void, ms?: number) => globalThis.setTimeout(run, ms),
      clearTimeout: (id?: number) => globalThis.clearTimeout(id),
    });
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { URL: 'https://site.test/page', querySelector: () => null });
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
    serverFetch = server.fetch;
    store = createStore();
    store.session.value = { status: 'signed-in', userId: 'u-1', name: 'Ada' };
    const credential: ApiCredential = { token: () => token, handleUnauthorized: renewals };
    sending = createSending({
      store,
      api: createApiClient({ apiBase: 'https://feedback.test' }).withCredential(credential),
      emit,
      report: (error) => ({ code: 'unexpected', status: 0, message: String(error) }),
      markupId: 'm-1',
      user: { userId: 'u-1', name: 'Ada' },
      onSignInNeeded: signInNeeded,
      restoreDraft,
      clearDraft: vi.fn(),
      outboxOptions: { storage: storage(), locks: null, broadcast: false },
    });
  });

  afterEach(() => sending.destroy());

  it('shows a new comment at once and replaces it with the server’s thread once posted', async () => {
    const localId = sending.postThread(body);
    expect(store.threads.value.map((thread) => thread.id)).toEqual([localId]);
    expect(store.sending.value[localId]?.status).toMatch(/pending|sending/);

    await idle();
    const [post] = server.posted('/threads');
    expect(post).toMatchObject({ token: 'Bearer tok-1', idempotencyKey: expect.any(String) });
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
    expect(store.sending.value).toEqual({});
    expect(emit).toHaveBeenCalledWith('threadCreated', { thread: expect.objectContaining({ id: 't-1' }) });
  });

  it('retries after a failure with the same idempotency key, keeping the comment on screen meanwhile', async () => {
    server.answer('POST /threads', { status: 503, data: { code: 'internal_error', message: 'down' } });
    const localId = sending.postThread(body);
    await idle();
    expect(server.posted('/threads')).toHaveLength(1);
    expect(store.sending.value[localId]).toMatchObject({ status: 'pending', error: { status: 503 } });
    expect(store.threads.value.map((thread) => thread.id)).toEqual([localId]);

    await vi.advanceTimersByTimeAsync(60_000);
    const [first, second] = server.posted('/threads');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
  });

  it('waits while offline and sends when the browser is back online', async () => {
    online = false;
    const localId = sending.postThread(body);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.posted('/threads')).toHaveLength(0);
    expect(store.threads.value.map((thread) => thread.id)).toEqual([localId]);

    online = true;
    page.dispatchEvent(new Event('online'));
    await idle();
    expect(server.posted('/threads')).toHaveLength(1);
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
  });

  it('renews the session once on a 401 and sends again with the new token', async () => {
    server.answer('POST /threads', { status: 401, data: { code: 'token_expired', message: 'expired' } });
    renewals.mockImplementation(async () => {
      token = 'tok-2';
      return true;
    });
    sending.postThread(body);
    await idle();
    expect(renewals).toHaveBeenCalledTimes(1);
    expect(server.posted('/threads').map((request) => request.token)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
    expect(signInNeeded).not.toHaveBeenCalled();
  });

  it('keeps the comment queued when renewal fails, and sends it after the reviewer signs in again', async () => {
    server.answer('POST /threads', { status: 401, data: { code: 'unauthorized', message: 'no' } });
    const localId = sending.postThread(body);
    await idle();
    expect(renewals).toHaveBeenCalledTimes(1);
    expect(signInNeeded).toHaveBeenCalled();
    expect(store.threads.value.map((thread) => thread.id)).toEqual([localId]);

    token = 'tok-3';
    sending.resume();
    await idle();
    expect(server.posted('/threads').at(-1)?.token).toBe('Bearer tok-3');
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
  });

  it('posts a comment after its attachment is stored, with the uploaded file', async () => {
    const fileId = sending.upload({
      composer: NEW_THREAD,
      name: 'a.png',
      type: 'image/png',
      size: 3,
      blob: new Blob(['png']),
      resourceType: 'message_attachment',
      resourceId: 'm-1',
    });
    sending.postThread(body, [fileId]);
    await idle();
    expect(server.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /upload-policy',
      'POST storage',
      'POST /upload-complete',
      'POST /threads',
    ]);
    expect(store.threads.value.map((thread) => thread.id)).toEqual(['t-1']);
  });

  it('gives a comment whose attachment the server refuses back to its composer, text and all', async () => {
    server.answer('POST /upload-policy', { status: 415, data: { code: 'unsupported_media_type', message: 'No .exe files' } });
    const fileId = sending.upload({
      composer: NEW_THREAD,
      name: 'a.exe',
      type: 'application/x-msdownload',
      size: 3,
      blob: new Blob(['exe']),
      resourceType: 'message_attachment',
      resourceId: 'm-1',
    });
    sending.postThread(body, [fileId]);
    await idle();
    expect(server.posted('/threads')).toHaveLength(0);
    expect(restoreDraft).toHaveBeenCalledWith(NEW_THREAD, body);
    expect(store.threads.value).toEqual([]);
    expect(store.notice.value).toMatchObject({ code: 'attachment_failed', cause: { status: 415 } });
  });
});
