import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return respond(call);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

afterEach(() => vi.useRealTimers());

describe('api client', () => {
  it('sends the bearer, API version and JSON content type, and unwraps data', async () => {
    const { fetch, calls } = stubFetch(() => json({ data: { id: 'm1', readOnly: false } }));
    const api = createApiClient({
      apiBase: 'http://localhost:8787/',
      credential: { token: () => 'pmx_token', handleUnauthorized: async () => false },
      fetch,
    });
    await expect(api.getMarkup('m1')).resolves.toEqual({ id: 'm1', readOnly: false });
    expect(calls[0]!.url).toBe('http://localhost:8787/api/v2/markups/m1');
    expect(calls[0]!.init.method).toBe('GET');
    expect(headersOf(calls[0]!)).toMatchObject({
      Authorization: 'Bearer pmx_token',
      'Service-API-Version': '2023-02-22',
      'Content-Type': 'application/json',
    });
  });

  it('serialises bodies and encodes path ids', async () => {
    const { fetch, calls } = stubFetch(() => json({ data: { id: 'msg' } }));
    const api = createApiClient({
      apiBase: 'http://x.test',
      credential: { token: () => 't', handleUnauthorized: async () => false },
      fetch,
    });
    await api.createMessage('a/b', { message: { ops: [{ insert: 'hi\n' }] } });
    expect(calls[0]!.url).toBe('http://x.test/api/v2/threads/a%2Fb/messages');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ message: { ops: [{ insert: 'hi\n' }] } });
  });

  it('sends no Authorization header to unauthenticated endpoints or without a token', async () => {
    const { fetch, calls } = stubFetch(() => json({ data: { exchangeToken: 'x' } }));
    const api = createApiClient({
      apiBase: 'http://x.test',
      credential: { token: () => 'pmx', handleUnauthorized: async () => false },
      fetch,
    });
    await api.sdkExchangeResult({ state: 's', publicKey: 'pk', markupId: 'm' });
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
    expect(calls[0]!.url).toBe('http://x.test/api/v2/auth/sdk-exchange/result?state=s&publicKey=pk&markupId=m');
    await createApiClient({ apiBase: 'http://x.test', fetch }).getWorkspace();
    expect(headersOf(calls[1]!).Authorization).toBeUndefined();
  });

  it('uses the identity token as bearer for the SDK exchange', async () => {
    const { fetch, calls } = stubFetch(() => json({ data: { exchangeToken: 'pmx' } }));
    const api = createApiClient({
      apiBase: 'http://x.test',
      credential: { token: () => 'ignored', handleUnauthorized: async () => false },
      fetch,
    });
    await api.sdkExchange('idp-token', { publicKey: 'pk', markupId: 'm', sdkOrigin: 'http://host.test' });
    expect(headersOf(calls[0]!).Authorization).toBe('Bearer idp-token');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ publicKey: 'pk', markupId: 'm', sdkOrigin: 'http://host.test' });
  });

  it('resolves 204 to undefined', async () => {
    const { fetch } = stubFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ apiBase: 'http://x.test', fetch });
    await expect(api.deleteThread('t1')).resolves.toBeUndefined();
  });

  it('turns the error body into a typed ApiError', async () => {
    const { fetch } = stubFetch(() =>
      json({ error: { code: 'validation_failed', message: 'bad', details: [{ path: 'message', message: 'empty' }] } }, 422),
    );
    const api = createApiClient({ apiBase: 'http://x.test', fetch });
    const error = await api.createThread({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'bad',
      details: [{ path: 'message', message: 'empty' }],
    });
  });

  it('gives a readable fallback for non-JSON errors', async () => {
    const { fetch } = stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const api = createApiClient({ apiBase: 'http://x.test', fetch });
    const error = (await api.getWorkspace().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe('http_error');
    expect(error.message).toBe('The server answered 502 Bad Gateway.');
  });

  it('maps known statuses to codes when the body has none', async () => {
    const { fetch } = stubFetch(() => new Response('nope', { status: 404 }));
    const error = (await createApiClient({ apiBase: 'http://x.test', fetch })
      .getThread('x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('not_found');
  });

  it('reports network failures with status 0 and code network_error', async () => {
    const { fetch } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await createApiClient({ apiBase: 'http://x.test', fetch })
      .getWorkspace()
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('times out with status 0 and code timeout', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ apiBase: 'http://x.test', fetch, timeoutMs: 30 });
    const error = (await api.getWorkspace().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('uses a 15 s default timeout', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      })) as unknown as typeof globalThis.fetch;
    const pending = createApiClient({ apiBase: 'http://x.test', fetch })
      .getWorkspace()
      .catch((e: unknown) => e);
    vi.advanceTimersByTime(14_999);
    expect(aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await pending).toMatchObject({ code: 'timeout' });
  });

  it('fetches all thread pages following cursorId until it is null', async () => {
    const pages: Record<string, unknown> = {
      '': { threads: [{ id: 't1' }, { id: 't2' }], cursorId: 'c2', total: 5, offset: 0, query: {} },
      c2: { threads: [{ id: 't3' }, { id: 't4' }], cursorId: 'c3', total: 5, offset: 0, query: {} },
      c3: { threads: [{ id: 't5' }], cursorId: null, total: 5, offset: 0, query: {} },
    };
    const { fetch, calls } = stubFetch((call) => json({ data: pages[new URL(call.url).searchParams.get('cursorId') ?? ''] }));
    const api = createApiClient({ apiBase: 'http://x.test', fetch });
    const threads = await api.listAllThreads({ markupId: 'm1', limit: 2 });
    expect(threads.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(calls.map((c) => new URL(c.url).search)).toEqual([
      '?markupId=m1&limit=2',
      '?markupId=m1&limit=2&cursorId=c2',
      '?markupId=m1&limit=2&cursorId=c3',
    ]);
  });

  it.each([
    ['absent', {}],
    ['empty', { cursorId: '' }],
  ])('stops paging when the cursor is %s', async (_label, extra) => {
    const { fetch, calls } = stubFetch(() => json({ data: { threads: [{ id: 't1' }], ...extra } }));
    const threads = await createApiClient({ apiBase: 'http://x.test', fetch }).listAllThreads({ markupId: 'm' });
    expect(threads).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('stops paging on an empty page or a repeated cursor', async () => {
    let n = 0;
    const { fetch, calls } = stubFetch(() => json({ data: { threads: n++ < 3 ? [{ id: `t${n}` }] : [], cursorId: 'same' } }));
    const threads = await createApiClient({ apiBase: 'http://x.test', fetch }).listAllThreads({ markupId: 'm' });
    expect(threads.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['{viewModes}', () => json({ data: { viewModes: [{ id: 'desktop', category: 'desktop' }] } }), 1],
    ['a bare array', () => json({ data: [{ id: 'desktop', category: 'desktop' }] }), 1],
    ['204', () => new Response(null, { status: 204 }), undefined],
  ])('accepts view modes as %s', async (_label, respond, count) => {
    const { fetch } = stubFetch(respond);
    const modes = await createApiClient({ apiBase: 'http://x.test', fetch }).getViewModes('m');
    expect(modes?.length).toBe(count);
  });

  it('abortAll cancels requests in flight', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ apiBase: 'http://x.test', fetch });
    const pending = api.getWorkspace().catch((e: unknown) => e);
    api.abortAll();
    expect(await pending).toMatchObject({ status: 0, code: 'aborted' });
  });
});
