/**
 * The HTTP API v2 as the CLI and the MCP server use it: an API key as bearer, the version header,
 * the `{data}` envelope unwrapped, and every failure turned into a CliError with an exit code
 * (errors.ts). Only the endpoints the commands need; wire types come from src/api/wire.
 */
import type {
  CreateMessageRequest,
  DataEnvelope,
  ErrorBody,
  InboxQuery,
  InboxResponse,
  InboxThread,
  MarkupResponse,
  MessageResponse,
  ResolveThreadResponse,
  ThreadResponse,
  UnresolveThreadResponse,
  WorkspaceResponse,
} from '../src/api/wire';
import { API_PREFIX, SERVICE_API_VERSION } from '../src/api/wire/common';
import type { Connection } from './config.ts';
import { CliError, EXIT, exitCodeOfStatus } from './errors.ts';

const TIMEOUT_MS = 30_000;
type Query = Record<string, string | number | boolean | undefined>;

export interface MarkupsPage {
  data: MarkupResponse[];
  hasMore: boolean;
  nextCursor?: string | null;
}

export class ApiClient {
  constructor(readonly connection: Connection) {}

  /** The origin the review app and the API live on. */
  get origin(): string {
    return this.connection.url;
  }

  async request<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    const url = new URL(`${this.connection.url}${API_PREFIX}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.connection.apiKey}`,
      'Service-API-Version': SERVICE_API_VERSION,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await send(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const json = parse(text);
    if (!response.ok) throw apiError(response.status, json, `${method} ${url.pathname}`);
    if (!json || typeof json !== 'object' || !('data' in json))
      throw new CliError(
        `The server's answer to ${method} ${url.pathname} is not the API's JSON (is --url the Pinmark server?)`,
        EXIT.server,
      );
    return (json as DataEnvelope<T>).data;
  }

  workspace(): Promise<WorkspaceResponse> {
    return this.request('GET', '/workspace');
  }

  async markups(workspaceId: string): Promise<MarkupResponse[]> {
    const all: MarkupResponse[] = [];
    let since: string | undefined;
    for (let page = 0; page < 50; page++) {
      const result = await this.request<MarkupsPage>('GET', '/markups', { query: { workspaceId, limit: 100, since } });
      all.push(...result.data);
      if (!result.hasMore || !result.nextCursor) break;
      since = result.nextCursor;
    }
    return all;
  }

  markup(id: string): Promise<MarkupResponse> {
    return this.request('GET', `/markups/${encodeURIComponent(id)}`);
  }

  inboxPage(query: InboxQuery): Promise<InboxResponse> {
    return this.request('GET', '/inbox', { query: query as Query });
  }

  /** Every inbox row matching `query`, following the cursor up to `max` rows. */
  async inbox(query: InboxQuery, max = 1000): Promise<{ threads: InboxThread[]; total: number }> {
    const threads: InboxThread[] = [];
    for (let cursorId: string | undefined; ;) {
      const page = await this.inboxPage({ ...query, limit: Math.min(100, max - threads.length), ...(cursorId ? { cursorId } : {}) });
      threads.push(...page.threads);
      cursorId = page.cursorId ?? undefined;
      if (!cursorId || threads.length >= max) return { threads, total: page.total };
    }
  }

  thread(id: string): Promise<ThreadResponse> {
    return this.request('GET', `/threads/${encodeURIComponent(id)}`);
  }

  reply(threadId: string, body: CreateMessageRequest): Promise<MessageResponse> {
    return this.request('POST', `/threads/${encodeURIComponent(threadId)}/messages`, { body });
  }

  resolve(threadId: string): Promise<ResolveThreadResponse> {
    return this.request('POST', `/threads/${encodeURIComponent(threadId)}/resolve`);
  }

  reopen(threadId: string): Promise<UnresolveThreadResponse> {
    return this.request('POST', `/threads/${encodeURIComponent(threadId)}/unresolve`);
  }

  /** A file behind a signed storage URL (screenshots, attachments): no credential, it is in the URL. */
  async file(url: string): Promise<{ bytes: Buffer; mimeType: string }> {
    const response = await send(new URL(url, this.connection.url), { method: 'GET' });
    if (!response.ok) throw apiError(response.status, parse(await response.text()), 'GET file');
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      mimeType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}

async function send(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new CliError(
      `Cannot reach ${url.origin} (${cause}): is the server running, and is --url / PINMARK_URL right?`,
      EXIT.server,
      'network',
    );
  }
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function apiError(status: number, json: unknown, what: string): CliError {
  const error = (json as Partial<ErrorBody> | undefined)?.error;
  const details = error?.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
  const message = error?.message ? `${error.message}${details ? ` (${details})` : ''}` : `${what} answered HTTP ${status}`;
  const hint = status === 401 ? ' — check PINMARK_API_KEY / --api-key' : '';
  return new CliError(`${message}${hint}`, exitCodeOfStatus(status), error?.code ?? `http_${status}`);
}
