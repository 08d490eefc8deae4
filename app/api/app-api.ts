/**
 * The review app's API: the widget's typed client (src/api/client.ts, same headers, envelope, errors,
 * timeouts and one renewal on a 401) plus the member-only endpoints of issue 16, written here on the
 * client's `request` so the widget's first load does not grow.
 */
import { createApiClient, type ApiCredential } from '../../src/api';
import type {
  InboxQuery,
  InboxResponse,
  ListWorkspaceUsersResponse,
  MarkupResponse,
  MemberSessionResponse,
  MoveThreadResponse,
  SeenResponse,
  TriageRequest,
  TriageResponse,
  WorkspaceUserResponse,
} from '../../src/api/wire';
import { conditionalFetch } from './conditional-fetch';
import { manageEndpoints } from './manage-api';

export function createAppApi(credential: ApiCredential, apiBase = location.origin) {
  // Inbox and thread reads are conditional (If-None-Match): an idle live refresh costs a 304.
  const client = createApiClient({ apiBase, credential, fetch: conditionalFetch() });
  const { request } = client;
  const id = encodeURIComponent;
  return {
    ...manageEndpoints(request),
    getThread: client.getThread,
    createMessage: client.createMessage,
    updateMessage: client.updateMessage,
    deleteMessage: client.deleteMessage,
    deleteThread: client.deleteThread,
    getMarkupTags: client.getMarkupTags,
    resolveThread: client.resolveThread,
    unresolveThread: client.unresolveThread,
    abortAll: client.abortAll,

    /** Exchanges an identity provider's access token for a member session. */
    memberSession: (accessToken: string, workspaceId?: string) =>
      request<MemberSessionResponse>('POST', '/auth/member-session', { body: workspaceId ? { workspaceId } : {}, bearer: accessToken }),
    /** Ends the session on the server (204, also when it had ended already). */
    endMemberSession: (memberToken: string) => request<undefined>('DELETE', '/auth/member-session', { bearer: memberToken }),

    inbox: (query: InboxQuery, signal?: AbortSignal) =>
      request<InboxResponse>('GET', '/inbox', { query: { ...query } as Record<string, string | number | boolean | undefined>, signal }),
    triage: (threadId: string, body: TriageRequest) => request<TriageResponse>('PATCH', `/threads/${id(threadId)}/triage`, { body }),
    /** Moves a thread to another markup of the workspace (owners and admins). */
    moveThread: (threadId: string, markupId: string) =>
      request<MoveThreadResponse>('POST', `/threads/${id(threadId)}/move`, { body: { markupId } }),
    seen: (threadId: string) => request<SeenResponse>('POST', `/threads/${id(threadId)}/seen`),

    /** Workspace members (the assignee and author pickers). */
    users: async (): Promise<WorkspaceUserResponse[]> => {
      const result = await request<ListWorkspaceUsersResponse | WorkspaceUserResponse[]>('GET', '/users');
      return Array.isArray(result) ? result : Array.isArray(result?.users) ? result.users : [];
    },
    /** The workspace's markups (the site filter); the envelope's `data` is the list itself. */
    markups: async (workspaceId: string): Promise<MarkupResponse[]> => {
      const result = await request<MarkupResponse[] | { data?: MarkupResponse[] }>('GET', '/markups', {
        query: { workspaceId, limit: 100 },
      });
      return Array.isArray(result) ? result : Array.isArray(result?.data) ? result.data : [];
    },
  };
}

export type AppApi = ReturnType<typeof createAppApi>;

/**
 * The development identity provider's token for a name and address (demo and development only).
 * Same origin with its cookie, which binds the person to this browser (server/idp/routes.ts).
 */
export async function devAccessToken(name: string, email: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/idp/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name, email }),
      credentials: 'same-origin',
    });
  } catch {
    throw Object.assign(new Error('network'), { status: 0, code: 'network_error' });
  }
  const body = (await response.json().catch(() => null)) as { accessToken?: string; error?: { code?: string; message?: string } } | null;
  if (!response.ok || typeof body?.accessToken !== 'string') {
    throw Object.assign(new Error(body?.error?.message ?? response.statusText), {
      status: response.status,
      code: body?.error?.code ?? (response.status === 404 ? 'not_found' : 'http_error'),
    });
  }
  return body.accessToken;
}
