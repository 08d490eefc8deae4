/**
 * Test-only: an in-memory stand-in for the service behind a stubbed `fetch`, for component tests
 * of the widget in isolation (the real server is exercised by the lead's e2e tests).
 */
import type {
  CreateThreadRequest,
  MarkupResponse,
  MessageResponse,
  MovePinRequest,
  ThreadResponse,
  WebpageMarkupResponse,
} from '../../api/wire';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeService {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  threads: ThreadResponse[];
  markup: MarkupResponse;
  /** The next request matching `method path` answers with this status and error instead. */
  failNext(method: string, path: string, status: number, code: string, message?: string): void;
  install(): () => void;
}

const now = () => Date.now();
const user = { id: 'u1', name: 'Ada Reviewer', guest: true, createdAt: 0, modifiedAt: 0 };

export function makeMessage(threadId: string, text: string, extra: Partial<MessageResponse> = {}): MessageResponse {
  return {
    id: `msg-${Math.random().toString(36).slice(2)}`,
    threadId,
    message: text,
    messageJson: { ops: [{ insert: `${text}\n` }] },
    content: text,
    mentionIds: [],
    scopes: ['update-message', 'delete-message'],
    assignedRoleSlugs: [],
    createdAt: now() - 5 * 60_000,
    modifiedAt: now() - 5 * 60_000,
    user,
    userMetaData: { lastSeenAt: null },
    attachments: [],
    clipVideos: [],
    ...extra,
  };
}

export function makeThread(number: number, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  const id = `thread-${number}`;
  return {
    id,
    createdAt: now(),
    modifiedAt: now(),
    scopes: ['reply', 'resolve-thread', 'delete-thread', 'move-pin', 'update-thread'],
    assignedRoleSlugs: [],
    user,
    number,
    resolved: false,
    messages: [makeMessage(id, `Message of thread ${number}`)],
    userMetaData: { lastSeenAt: null },
    lastActivityAt: now(),
    annotations: null,
    projectId: 'm1',
    proxyUrl: location.href,
    originalUrl: location.href,
    canonicalUrl: '',
    elements: [],
    parents: [],
    browserContext: {},
    viewModeId: 'desktop',
    ...extra,
  };
}

export function createFakeService(options: { markup?: Partial<WebpageMarkupResponse>; threads?: ThreadResponse[] } = {}): FakeService {
  const requests: RecordedRequest[] = [];
  const failures: { key: string; status: number; code: string; message: string }[] = [];
  const service: FakeService = {
    requests,
    threads: [...(options.threads ?? [])],
    markup: {
      id: 'm1',
      createdAt: new Date().toISOString(),
      modifiedAt: new Date().toISOString(),
      deletedAt: null,
      type: 'webpage',
      name: 'Test page',
      markupUrl: '',
      thumbnailUrl: null,
      activeThreads: 0,
      readOnly: false,
      status: 'editing',
      note: null,
      projectReviews: [],
      scopes: [],
      url: location.href,
      ...options.markup,
    },
    failNext(method, path, status, code, message = `Fake ${code}`) {
      failures.push({ key: `${method} ${path}`, status, code, message });
    },
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\/v2/, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, query: url.searchParams, headers: (init.headers ?? {}) as Record<string, string>, body });
      const failure = failures.findIndex((f) => f.key === `${method} ${path}`);
      if (failure !== -1) {
        const [f] = failures.splice(failure, 1);
        return json({ error: { code: f!.code, message: f!.message } }, f!.status);
      }
      return route(service, method, path, body);
    }) as typeof fetch,
    install() {
      const original = window.fetch;
      window.fetch = service.fetch;
      return () => {
        window.fetch = original;
      };
    },
  };
  return service;
}

function route(service: FakeService, method: string, path: string, body: any): Response {
  let match: RegExpMatchArray | null;
  if (method === 'GET' && path === `/markups/${service.markup.id}`) return json({ data: service.markup });
  if (method === 'GET' && path.endsWith('/view-modes')) return new Response(null, { status: 204 });
  if (method === 'GET' && path === '/threads') {
    return json({ data: { threads: service.threads, query: {}, offset: 0, total: service.threads.length, cursorId: null } });
  }
  if (method === 'POST' && path === '/threads') {
    const request = body as CreateThreadRequest;
    const number = Math.max(0, ...service.threads.map((t) => t.number)) + 1;
    const thread = makeThread(number, {
      originalUrl: request.url,
      proxyUrl: request.url,
      canonicalUrl: request.canonicalUrl,
      offsetXPercentage: request.offsetXPercentage,
      offsetYPercentage: request.offsetYPercentage,
      viewModeId: request.viewModeId,
      browserContext: request.browserContext,
      elements: request.elements.map((e, i) => ({
        id: `el-${i}`,
        threadId: `thread-${number}`,
        path: e.elementPath,
        offsetXPercentage: e.offsetXPercentage,
        offsetYPercentage: e.offsetYPercentage,
        createdAt: 0,
        modifiedAt: 0,
      })),
      parents: request.elementParents.map((p, i) => ({
        id: `p-${i}`,
        path: p.path,
        proxyUrl: p.url,
        originalUrl: p.url,
        canonicalUrl: p.canonicalUrl,
        depth: p.depth,
        createdAt: 0,
        modifiedAt: 0,
      })),
    });
    thread.messages = [makeMessage(thread.id, String(request.message.ops[0]?.insert ?? '').replace(/\n$/, ''))];
    service.threads.push(thread);
    return json({ data: thread });
  }
  if ((match = path.match(/^\/threads\/([^/]+)\/messages$/)) && method === 'POST') {
    const text = String(body?.message?.ops?.[0]?.insert ?? '').replace(/\n$/, '');
    return json({ data: makeMessage(decodeURIComponent(match[1]!), text, { createdAt: Date.now() }) });
  }
  if ((match = path.match(/^\/messages\/([^/]+)$/)) && (method === 'PATCH' || method === 'DELETE')) {
    const id = decodeURIComponent(match[1]!);
    const thread = service.threads.find((t) => t.messages.some((m) => m.id === id));
    if (method === 'DELETE') {
      if (thread) thread.messages = thread.messages.filter((m) => m.id !== id);
      return new Response(null, { status: 204 });
    }
    const old = thread?.messages.find((m) => m.id === id);
    const changed = {
      ...(old ?? makeMessage('?', '')),
      id,
      messageJson: body.message,
      message: body.content,
      content: body.content,
      mentionIds: body.mentionIds,
      modifiedAt: Date.now(),
    };
    if (thread) thread.messages = thread.messages.map((m) => (m.id === id ? changed : m));
    return json({ data: changed });
  }
  if ((match = path.match(/^\/markups\/([^/]+)\/tag$/)) && method === 'GET') {
    // As the server answers a reviewer: their own address, no one else's.
    return json({ data: { taggable: [user, { id: 'u2', name: 'Grace Hopper', email: null }], tagged: [] } });
  }
  if ((match = path.match(/^\/threads\/([^/]+)\/resolve$/)) && method === 'POST') {
    return json({ data: { threadId: decodeURIComponent(match[1]!), modifiedAt: Date.now() } });
  }
  if ((match = path.match(/^\/threads\/([^/]+)\/unresolve$/)) && method === 'POST') {
    return json({ data: { threadId: decodeURIComponent(match[1]!) } });
  }
  if ((match = path.match(/^\/threads\/([^/]+)\/move-pin$/)) && method === 'PATCH') {
    const thread = service.threads.find((t) => t.id === decodeURIComponent(match![1]!));
    if (!thread) return json({ error: { code: 'not_found', message: 'No such thread' } }, 404);
    const request = body as MovePinRequest;
    thread.elements = request.elements.map((e, i) => ({
      id: `el-${i}`,
      threadId: thread.id,
      path: e.elementPath,
      offsetXPercentage: e.offsetXPercentage,
      offsetYPercentage: e.offsetYPercentage,
      createdAt: 0,
      modifiedAt: 0,
    }));
    thread.offsetXPercentage = request.viewportXPercentage;
    thread.offsetYPercentage = request.viewportYPercentage;
    const { id, number, resolved, canonicalUrl, viewModeId } = thread;
    return json({
      data: { id, userId: 'u1', projectId: 'm1', number, resolved, proxyHostId: null, urlPath: '/', canonicalUrl, viewModeId },
    });
  }
  if ((match = path.match(/^\/threads\/([^/]+)$/)) && method === 'DELETE') {
    service.threads = service.threads.filter((t) => t.id !== decodeURIComponent(match![1]!));
    return new Response(null, { status: 204 });
  }
  return json({ error: { code: 'not_found', message: `No fake route for ${method} ${path}` } }, 404);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
