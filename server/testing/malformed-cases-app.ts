/**
 * Rows of the malformed-input suite (server/http/malformed.test.ts) for the review app's endpoints
 * (issue 16): members' sessions, the inbox, triage and "seen" marks.
 */
import { API, threadBody, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';

export async function appCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const reviewer = await s.exchangeToken({ sub: 'malformed-app-reviewer', name: 'Rea' });
  const threadId = (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).body.data.id as string;
  const signIn = await s.request('POST', `${API}/auth/member-session`, {
    token: await s.idpAccessToken('Malformed Member', 'mm@example.com'),
    body: {},
  });
  const memberToken = signIn.body.data.memberToken as string;
  const installationId = (await s.request('GET', `${API}/installations`, { token: wsKey })).body.data.installations[0].id as string;
  return [
    { method: 'GET', path: '/auth/app-config', auth: 'none' },
    { method: 'POST', path: '/auth/member-session', auth: 'idp', token: await s.idpAccessToken(), body: {}, optional: ['workspaceId'] },
    {
      method: 'GET',
      path: '/inbox',
      auth: 'any',
      token: memberToken,
      query: { status: 'all', limit: '20' },
      queryKinds: {
        status: 'enum',
        limit: 'int',
        from: 'int',
        to: 'int',
        mentionsMe: 'bool',
        unread: 'bool',
        hasScreenshot: 'bool',
        device: 'enum',
      },
    },
    { method: 'PATCH', path: '/threads/:id/triage', ids: { id: threadId }, auth: 'any', token: wsKey, body: { labels: ['bug'] } },
    { method: 'POST', path: '/threads/:id/seen', ids: { id: threadId }, auth: 'any', token: reviewer.token },
    { method: 'POST', path: '/threads/:id/move', ids: { id: threadId }, auth: 'any', token: wsKey, body: { markupId: s.seed.markupId } },
    { method: 'GET', path: '/installations', auth: 'any', token: memberToken },
    {
      method: 'POST',
      path: '/installations/:id/origins',
      ids: { id: installationId },
      auth: 'any',
      token: wsKey,
      body: { origin: 'https://allowed.example' },
    },
    // Last: signs the fixture's member out.
    { method: 'DELETE', path: '/auth/member-session', auth: 'any', token: memberToken },
  ];
}
