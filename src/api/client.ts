/**
 * Typed client for the Feedback and Markup Service API v2 (only the endpoints the widget uses).
 *
 * Every request carries the bearer token (when there is one), `Service-API-Version` and a JSON
 * content type; successful bodies are unwrapped from `{data}`; 204 resolves to `undefined`; every
 * failure — HTTP error, network failure, timeout — rejects with an `ApiError`, never anything else.
 * A client made `withCredential` owns the reviewer's session: it sends its token and, on a 401,
 * renews it once (one renewal shared by every request refused meanwhile) and asks again, so no
 * caller wraps its calls for that.
 */
import { natives } from '../util/natives';
import { ApiError, apiErrorFromBody, isRecord } from './errors';
import { queryString, unwrapScreenshot, withRetryAfter, type QueryValue } from './request-parts';
import {
  API_PREFIX,
  SERVICE_API_VERSION,
  type AuthConfigResponse,
  type CreateMessageRequest,
  type CreateThreadRequest,
  type ExchangeTokenResponse,
  type GuestChallengeResponse,
  type GuestSignInRequest,
  type GuestSignInResponse,
  type ListThreadsQuery,
  type ListThreadsResponse,
  type MarkupResponse,
  type MessageResponse,
  type MovePinRequest,
  type ProjectMessageTagsResponse,
  type PutScreenshotRequest,
  type ScreenshotUploadPolicyQuery,
  type ScreenshotUploadPolicyResponse,
  type UploadCompleteRequest,
  type UploadCompleteResponse,
  type UploadPolicyRequest,
  type UploadPolicyResponse,
  type ResolveThreadResponse,
  type SdkExchangeResponse,
  type SdkExchangeResultQuery,
  type ShortWebpageThread,
  type ThreadResponse,
  type UnresolveThreadResponse,
  type UpdateMessageRequest,
  type ViewMode,
  type WorkspaceResponse,
} from './wire';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
  /** Origin of the service, e.g. `https://feedback.example.com` (a trailing slash is fine). */
  apiBase: string;
  /** The session whose token every request carries (read for each one); none: no token is sent. */
  credential?: ApiCredential;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** The session a client sends (auth/auth.ts is one): its token now, and what to do after a 401. */
export interface ApiCredential {
  token(): string | null | undefined;
  /** Renews the session silently where it can; true when there is a new token to try again with. */
  handleUnauthorized(): Promise<boolean>;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Overrides the token: a string is sent as the bearer, `null` sends no Authorization header. */
  bearer?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`: a retry with the same key gets the first answer, never a duplicate. */
  idempotencyKey?: string;
  /** 'blob': the answer is bytes (an image), resolved as a Blob instead of unwrapped JSON. */
  responseType?: 'json' | 'blob';
}

/** What the outbox passes to a mutation: its stable key and its cancel signal. */
export type MutationOptions = Pick<RequestOptions, 'idempotencyKey' | 'signal'>;

export type ApiClient = ReturnType<typeof createApiClient>;

/** `inFlight` is shared with the clients made `withCredential`, so one `abortAll` stops them all. */
export function createApiClient(options: ApiClientOptions, inFlight = new Set<AbortController>()) {
  const base = options.apiBase.replace(/\/+$/, '') + API_PREFIX;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The page's fetch/JSON may be patched (headers added, bodies rewritten): util/natives.ts.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => natives().fetch(input, init));
  const { credential } = options;
  let renewing: Promise<boolean> | null = null;

  /** Sends; a request with the credential's token that gets a 401 renews the session once and is sent again. */
  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    try {
      return await send<T>(method, path, opts);
    } catch (error) {
      if (!credential || opts.bearer !== undefined || !(error instanceof ApiError) || error.status !== 401) throw error;
      renewing ??= credential.handleUnauthorized().finally(() => (renewing = null));
      if (await renewing) return send<T>(method, path, opts);
      throw error;
    }
  }

  async function send<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
    const url = base + path + queryString(opts.query);
    const headers: Record<string, string> = {
      'Service-API-Version': SERVICE_API_VERSION,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const token = opts.bearer !== undefined ? opts.bearer : credential?.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;

    const controller = new AbortController();
    inFlight.add(controller);
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? timeoutMs);
    const onCallerAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onCallerAbort);
    if (opts.signal?.aborted) controller.abort();

    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body: opts.body === undefined ? undefined : natives().stringify(opts.body),
          signal: controller.signal,
          credentials: 'omit',
        });
      } catch {
        if (timedOut) throw new ApiError(0, 'timeout', 'The request timed out.');
        if (controller.signal.aborted) throw new ApiError(0, 'aborted', 'The request was cancelled.');
        throw new ApiError(0, 'network_error', 'The service could not be reached.');
      }
      if (response.ok && opts.responseType === 'blob') return (await response.blob()) as T;
      let text: string;
      try {
        text = response.status === 204 ? '' : await response.text();
      } catch {
        if (timedOut) throw new ApiError(0, 'timeout', 'The request timed out.');
        throw new ApiError(0, 'network_error', 'The connection broke while reading the answer.');
      }
      if (!response.ok) throw withRetryAfter(apiErrorFromBody(response.status, response.statusText, text), response);
      if (!text) return undefined as T;
      let parsed: unknown;
      try {
        parsed = natives().parse(text);
      } catch {
        throw new ApiError(response.status, 'invalid_response', 'The server sent an answer that is not JSON.');
      }
      return (isRecord(parsed) && 'data' in parsed ? parsed.data : parsed) as T;
    } finally {
      window.clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
      inFlight.delete(controller);
    }
  }

  const id = encodeURIComponent;

  async function listAllThreads(query: ListThreadsQuery, signal?: AbortSignal): Promise<ThreadResponse[]> {
    const threads: ThreadResponse[] = [];
    const seenCursors = new Set<string>();
    let cursorId: string | undefined = query.cursorId;
    // A hard page cap protects against a server that keeps answering with new cursors forever.
    for (let page = 0; page < 1000; page++) {
      const result = await request<ListThreadsResponse | undefined>('GET', '/threads', {
        query: { ...(query as unknown as Record<string, QueryValue>), cursorId },
        signal,
      });
      const batch = Array.isArray(result?.threads) ? result.threads : [];
      threads.push(...batch);
      const next = result?.cursorId;
      if (!next || batch.length === 0 || seenCursors.has(next)) break;
      seenCursors.add(next);
      cursorId = next;
    }
    return threads;
  }

  return {
    request,
    /** Aborts every request still in flight (used by destroy). */
    abortAll(): void {
      for (const controller of inFlight) controller.abort();
    },
    /** The same client sending `credential`'s token and renewing it once on a 401. */
    withCredential: (next: ApiCredential) => createApiClient({ ...options, credential: next }, inFlight),

    // ---- authentication
    getAuthConfig: (publicKey: string, origin?: string) =>
      request<AuthConfigResponse>('GET', '/auth/config', {
        query: origin === undefined ? { publicKey } : { publicKey, origin },
        bearer: null,
      }),
    exchange: (token: string) => request<ExchangeTokenResponse>('POST', '/auth/exchange', { body: { token }, bearer: null }),
    sdkExchange: (identityToken: string, body: { publicKey: string; markupId: string; sdkOrigin: string; state?: string }) =>
      request<SdkExchangeResponse>('POST', '/auth/sdk-exchange', { body, bearer: identityToken }),
    // Issue 18: a visitor reporting as a guest (src/auth/guest-sign-in.ts).
    guestChallenge: (publicKey: string) =>
      request<GuestChallengeResponse>('POST', '/auth/guest/challenge', { body: { publicKey }, bearer: null }),
    guestSignIn: (body: GuestSignInRequest) => request<GuestSignInResponse>('POST', '/auth/guest', { body, bearer: null }),
    sdkExchangeResult: (query: SdkExchangeResultQuery, signal?: AbortSignal) =>
      request<SdkExchangeResponse>('GET', '/auth/sdk-exchange/result', {
        query: { ...query },
        bearer: null,
        signal,
      }),

    // ---- threads
    listThreads: (query: ListThreadsQuery, signal?: AbortSignal) =>
      request<ListThreadsResponse>('GET', '/threads', { query: { ...query }, signal }),
    listAllThreads,
    getThread: (threadId: string) => request<ThreadResponse>('GET', `/threads/${id(threadId)}`),
    createThread: (body: CreateThreadRequest, opts: MutationOptions = {}) => request<ThreadResponse>('POST', '/threads', { body, ...opts }),
    resolveThread: (threadId: string, opts: MutationOptions = {}) =>
      request<ResolveThreadResponse>('POST', `/threads/${id(threadId)}/resolve`, opts),
    unresolveThread: (threadId: string, opts: MutationOptions = {}) =>
      request<UnresolveThreadResponse>('POST', `/threads/${id(threadId)}/unresolve`, opts),
    deleteThread: (threadId: string, opts: MutationOptions = {}) => request<undefined>('DELETE', `/threads/${id(threadId)}`, opts),
    movePin: (threadId: string, body: MovePinRequest, opts: MutationOptions = {}) =>
      request<ShortWebpageThread>('PATCH', `/threads/${id(threadId)}/move-pin`, { body, ...opts }),

    // ---- messages
    createMessage: (threadId: string, body: CreateMessageRequest, opts: MutationOptions = {}) =>
      request<MessageResponse>('POST', `/threads/${id(threadId)}/messages`, { body, ...opts }),
    updateMessage: (messageId: string, body: UpdateMessageRequest, opts: MutationOptions = {}) =>
      request<MessageResponse>('PATCH', `/messages/${id(messageId)}`, { body, ...opts }),
    deleteMessage: (messageId: string, opts: MutationOptions = {}) => request<undefined>('DELETE', `/messages/${id(messageId)}`, opts),

    // ---- uploads and screenshots (the file itself goes to storage: api/storage.ts)
    uploadPolicy: (body: UploadPolicyRequest) => request<UploadPolicyResponse>('POST', '/upload-policy', { body }),
    uploadComplete: (body: UploadCompleteRequest) => request<UploadCompleteResponse>('POST', '/upload-complete', { body }),
    screenshotUploadPolicy: (threadId: string, query: ScreenshotUploadPolicyQuery) =>
      request<ScreenshotUploadPolicyResponse>('GET', `/threads/${id(threadId)}/screenshot-upload-policy`, {
        query: { ...query },
      }),
    /** Tolerates `data` being the screenshot itself (our server) or `{screenshot}`. */
    putScreenshot: async (threadId: string, body: PutScreenshotRequest, opts: MutationOptions = {}) =>
      unwrapScreenshot(await request<unknown>('PUT', `/threads/${id(threadId)}/screenshot`, { body, ...opts })),
    getScreenshot: async (threadId: string) => unwrapScreenshot(await request<unknown>('GET', `/threads/${id(threadId)}/screenshot`)),

    // ---- markups and workspace
    getMarkup: (markupId: string) => request<MarkupResponse>('GET', `/markups/${id(markupId)}`),
    getMarkupTags: (markupId: string) => request<ProjectMessageTagsResponse>('GET', `/markups/${id(markupId)}/tag`),
    /** View modes of a markup; `undefined` when the server has none to offer (204). */
    getViewModes: async (markupId: string): Promise<ViewMode[] | undefined> => {
      const result = await request<unknown>('GET', `/markups/${id(markupId)}/view-modes`);
      const list = Array.isArray(result) ? result : isRecord(result) ? result.viewModes : undefined;
      return Array.isArray(list) ? (list.filter(isRecord) as unknown as ViewMode[]) : undefined;
    },
    getWorkspace: () => request<WorkspaceResponse>('GET', '/workspace'),
    /** A cross-origin image for a screenshot, fetched by the server (docs/api-decisions.md, "Image relay"). */
    relayImage: (url: string, signal?: AbortSignal) =>
      request<Blob>('GET', '/image-relay', { query: { url }, signal, timeoutMs: 10_000, responseType: 'blob' }),
  };
}
