/**
 * The route table of the malformed-input suite (server/http/malformed.test.ts): every endpoint under /api/v2
 * with a valid baseline request and the credential rules it follows. The suite derives the broken
 * variants from these baselines, so a new route only needs a row here to be covered.
 */
import { randomUUID } from 'node:crypto';
import { createMember, createWorkspace } from '../seed.ts';
import { API, TEST_SDK_ORIGIN, threadBody, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';
import { fileCases } from './malformed-cases-files.ts';
import { itemCases } from './malformed-cases-items.ts';
import { appCases } from './malformed-cases-app.ts';
import { mailCases } from './malformed-cases-mail.ts';
import { guestCases } from './malformed-cases-guests.ts';
import { integrationCases } from './malformed-cases-integrations.ts';
import { markupCases } from './malformed-cases-markups.ts';
import { fileMarkupCases } from './malformed-cases-file-markups.ts';

const delta = { ops: [{ insert: 'Hello\n' }] };

/** Fixtures (each destructive route gets its own target) and the table of routes. */
export async function buildCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const orgKey = s.seed.organizationApiKey;
  const workspaceId = s.seed.workspaceId;
  const markupId = s.seed.markupId;
  const alice = await s.exchangeToken({ sub: 'malformed-alice', name: 'Alice' });
  const newThread = async () =>
    (await s.request('POST', `${API}/threads`, { token: alice.token, body: threadBody() })).body.data.id as string;
  const threadId = await newThread();
  const doomedThread = await newThread();
  const reply = async () =>
    (await s.request('POST', `${API}/threads/${threadId}/messages`, { token: alice.token, body: { message: delta } })).body.data
      .id as string;
  const messageId = await reply();
  const doomedMessage = await reply();
  const hook = async () =>
    (
      await s.request('POST', `${API}/webhook-registrations`, {
        token: wsKey,
        body: { url: 'https://receiver.example/h', workspaceId, enabled: true },
      })
    ).body.data.id as string;
  const hookId = await hook();
  const doomedHook = await hook();
  const external = async (externalId: string) => {
    await s.request('POST', `${API}/users/external`, { token: wsKey, body: { externalId, name: 'Ext' } });
    return externalId;
  };
  const externalId = await external('malformed-ext');
  const doomedExternal = await external('malformed-ext-doomed');
  const member = (email: string) => createMember(s.db, { workspaceId, name: 'Member', email, role: 'contributor', now: s.clock.now() });
  const memberId = await member('m1@example.com');
  const doomedMember = await member('m2@example.com');
  const scratch = await createWorkspace(s.db, s.seed.organizationId, 'Scratch', s.clock.now());
  const idp = await s.idpAccessToken();
  const screenshotQuery = { fileId: randomUUID(), filename: 'shot.png', mimeType: 'image/png', filesize: '100' };
  const metrics = [
    '/product-metrics/user',
    '/product-metrics/project',
    '/product-metrics/user/workspace-totals',
    '/product-metrics/project/workspace-totals',
    '/product-metrics/user/last-updated',
    '/product-metrics/project/last-updated',
  ];

  return [
    // Takes no input at all: the row only keeps the route-coverage test honest.
    { method: 'GET', path: '/openapi.json', auth: 'none' },
    { method: 'GET', path: '/auth/config', auth: 'none', query: { publicKey: s.seed.publicKey }, requiredQuery: ['publicKey'] },
    { method: 'POST', path: '/auth/exchange', auth: 'none', body: { token: await s.customerJwt() } },
    {
      method: 'POST',
      path: '/auth/sdk-exchange',
      auth: 'idp',
      token: idp,
      body: { publicKey: s.seed.publicKey, markupId, sdkOrigin: TEST_SDK_ORIGIN },
      optional: ['state'],
    },
    {
      method: 'GET',
      path: '/auth/sdk-exchange/result',
      auth: 'none',
      query: { state: 'x'.repeat(30), publicKey: s.seed.publicKey, markupId },
      requiredQuery: ['state', 'publicKey', 'markupId'],
      noBaseline: 'needs a stored sign-in session',
    },
    {
      method: 'GET',
      path: '/threads',
      auth: 'any',
      token: alice.token,
      query: { markupId },
      requiredQuery: ['markupId'],
      queryKinds: { limit: 'int', offset: 'int', resolved: 'bool', order: 'enum' },
    },
    { method: 'GET', path: '/threads/:id', ids: { id: threadId }, auth: 'any', token: alice.token },
    {
      method: 'POST',
      path: '/threads',
      auth: 'any',
      token: alice.token,
      body: { ...threadBody(), projectId: markupId },
      optional: ['projectId'],
    },
    { method: 'POST', path: '/threads/:id/resolve', ids: { id: threadId }, auth: 'any', token: alice.token },
    { method: 'POST', path: '/threads/:id/unresolve', ids: { id: threadId }, auth: 'any', token: alice.token },
    {
      method: 'PATCH',
      path: '/threads/:id/move-pin',
      ids: { id: threadId },
      auth: 'any',
      token: alice.token,
      body: {
        url: threadBody().url,
        canonicalUrl: threadBody().canonicalUrl,
        elements: threadBody().elements,
        browserContext: threadBody().browserContext,
        elementParents: threadBody().elementParents,
        viewportXPercentage: 10,
        viewportYPercentage: 20,
      },
    },
    {
      method: 'GET',
      path: '/threads/:id/screenshot-upload-policy',
      ids: { id: threadId },
      auth: 'any',
      token: alice.token,
      query: screenshotQuery,
      requiredQuery: Object.keys(screenshotQuery),
    },
    {
      method: 'PUT',
      path: '/threads/:id/screenshot',
      ids: { id: threadId },
      auth: 'any',
      token: alice.token,
      body: { key: 'k', etag: '"e"', mimeType: 'image/png', width: 10, height: 10, filesize: 100, fileId: randomUUID() },
      noBaseline: 'needs a file uploaded to the store first',
    },
    {
      method: 'GET',
      path: '/threads/:id/screenshot',
      ids: { id: threadId },
      auth: 'any',
      token: alice.token,
      noBaseline: 'the thread has no screenshot',
    },
    { method: 'POST', path: '/threads/:threadId/messages', ids: { threadId }, auth: 'any', token: alice.token, body: { message: delta } },
    { method: 'PATCH', path: '/messages/:id', ids: { id: messageId }, auth: 'any', token: alice.token, body: { message: delta } },
    { method: 'DELETE', path: '/messages/:id', ids: { id: doomedMessage }, auth: 'any', token: alice.token },
    { method: 'GET', path: '/markups/:id', ids: { id: markupId }, auth: 'any', token: alice.token },
    { method: 'GET', path: '/markups/:id/tag', ids: { id: markupId }, auth: 'any', token: alice.token },
    { method: 'GET', path: '/markups/:id/view-modes', ids: { id: markupId }, auth: 'any', token: alice.token },
    { method: 'PATCH', path: '/markups/:id/read-only', ids: { id: markupId }, auth: 'api_key', token: wsKey, body: { readOnly: false } },
    {
      method: 'POST',
      path: '/upload-policy',
      auth: 'any',
      token: alice.token,
      body: { resourceType: 'message_attachment', resourceId: threadId, filename: 'notes.txt', contentType: 'text/plain', filesize: 5 },
    },
    {
      method: 'POST',
      path: '/upload-complete',
      auth: 'any',
      token: alice.token,
      body: { fileId: randomUUID(), etag: '"e"' },
      noBaseline: 'needs a stored file',
    },
    { method: 'GET', path: '/workspace', auth: 'any', token: wsKey },
    { method: 'GET', path: '/workspace/storage', auth: 'any', token: orgKey, query: { workspaceId }, requiredQuery: ['workspaceId'] },
    { method: 'POST', path: '/workspace', auth: 'api_key', token: orgKey, body: { name: 'Made by the suite' } },
    { method: 'PATCH', path: '/workspace', auth: 'api_key', token: wsKey, body: { name: 'Renamed' }, optional: ['name'] },
    { method: 'DELETE', path: '/workspace', auth: 'api_key', token: orgKey, query: { workspaceId: scratch.id } },
    { method: 'GET', path: '/users', auth: 'api_key', token: wsKey },
    { method: 'POST', path: '/users/invite', auth: 'api_key', token: wsKey, body: { emails: ['m3@example.com'] } },
    { method: 'PATCH', path: '/users/:userId/role', ids: { userId: memberId }, auth: 'api_key', token: wsKey, body: { role: 'admin' } },
    { method: 'DELETE', path: '/users/:userId', ids: { userId: doomedMember }, auth: 'api_key', token: wsKey },
    { method: 'POST', path: '/users/external', auth: 'api_key', token: wsKey, body: { externalId: 'malformed-new' } },
    { method: 'GET', path: '/users/external/:externalId', ids: { externalId }, freeformIds: ['externalId'], auth: 'api_key', token: wsKey },
    {
      method: 'PATCH',
      path: '/users/external/:externalId',
      ids: { externalId },
      freeformIds: ['externalId'],
      auth: 'api_key',
      token: wsKey,
      body: { name: 'Renamed' },
      optional: ['name'],
    },
    {
      method: 'DELETE',
      path: '/users/external/:externalId',
      ids: { externalId: doomedExternal },
      freeformIds: ['externalId'],
      auth: 'api_key',
      token: wsKey,
    },
    {
      method: 'POST',
      path: '/webhook-registrations',
      auth: 'api_key',
      token: wsKey,
      body: { url: 'https://receiver.example/h', workspaceId, enabled: true, eventTypes: ['comment_created'] },
      optional: ['eventTypes'],
    },
    {
      method: 'GET',
      path: '/webhook-registrations',
      auth: 'api_key',
      token: wsKey,
      query: { workspaceId },
      requiredQuery: ['workspaceId'],
    },
    { method: 'GET', path: '/webhook-registrations/:id', ids: { id: hookId }, auth: 'api_key', token: wsKey },
    {
      method: 'POST',
      path: '/webhook-registrations/:id',
      ids: { id: hookId },
      auth: 'api_key',
      token: wsKey,
      body: { url: 'https://receiver.example/h2', enabled: false, eventTypes: [] },
      optional: ['eventTypes'],
    },
    { method: 'POST', path: '/webhook-registrations/:id/refresh-signing-key', ids: { id: hookId }, auth: 'api_key', token: wsKey },
    { method: 'DELETE', path: '/webhook-registrations/:id', ids: { id: doomedHook }, auth: 'api_key', token: wsKey },
    ...metrics.map((path): RouteCase => {
      const ranged = !path.endsWith('/last-updated');
      const query = ranged ? { startDate: '2026-01-01', endDate: '2026-12-31' } : undefined;
      const paged = ranged && !path.endsWith('/workspace-totals');
      const queryKinds = paged ? ({ offset: 'int', limit: 'int', sortBy: 'enum', sortDirection: 'enum' } as const) : undefined;
      return {
        method: 'GET',
        path,
        auth: 'api_key',
        token: wsKey,
        ...(query ? { query, requiredQuery: Object.keys(query) } : {}),
        ...(queryKinds ? { queryKinds } : {}),
      };
    }),
    ...(await markupCases(s)),
    ...(await fileCases(s)),
    ...(await itemCases(s)),
    ...(await appCases(s)),
    ...(await mailCases(s)),
    {
      method: 'GET',
      path: '/image-relay',
      auth: 'any',
      token: wsKey,
      query: { url: 'http://127.0.0.1:9/photo.png' },
      requiredQuery: ['url'],
      noBaseline: 'no image host runs in this suite (the relay answers 422 for it); server/routes/image-relay.test.ts has one',
    },
    ...(await guestCases(s)),
    ...(await integrationCases(s)),
    ...(await fileMarkupCases(s, alice)),
    // Deleting the thread last among the thread fixtures' users keeps the others' targets alive.
    { method: 'DELETE', path: '/threads/:id', ids: { id: doomedThread }, auth: 'any', token: alice.token },
  ];
}
