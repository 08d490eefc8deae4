/**
 * Rows of the malformed-input suite (server/http/malformed.test.ts) for the integration endpoints
 * (issue 18): a workspace's integrations as an admin member changes them, and the public webhook
 * endpoint (refused unsigned; its baseline needs a signature, so it is not replayed).
 */
import { API, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';

export async function integrationCases(s: TestServer): Promise<RouteCase[]> {
  const signIn = await s.request('POST', `${API}/auth/member-session`, {
    token: await s.idpAccessToken('Integrations Admin', 'integrations.admin@example.com'),
    body: {},
  });
  const token = signIn.body.data.memberToken as string;
  const make = async (name: string) => {
    const res = await s.request('POST', `${API}/integrations`, {
      token,
      body: {
        kind: 'github',
        name,
        settings: { owner: 'acme', repo: 'site' },
        secrets: { token: 'ghp_x', webhookSecret: 'sixteen-chars-or-more' },
      },
    });
    if (res.status !== 201) throw new Error(`integration: ${res.status} ${res.text}`);
    return res.body.data.id as string;
  };
  const id = await make('Malformed');
  const doomed = await make('Doomed');
  const slack = { kind: 'slack', secrets: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/x' } };
  return [
    { method: 'GET', path: '/integrations', auth: 'any', token },
    { method: 'POST', path: '/integrations', auth: 'any', token, body: slack },
    { method: 'GET', path: '/integrations/:id', ids: { id }, auth: 'any', token },
    {
      method: 'PATCH',
      path: '/integrations/:id',
      ids: { id },
      auth: 'any',
      token,
      body: { name: 'Renamed', enabled: true },
      optional: ['name', 'enabled'],
    },
    { method: 'POST', path: '/integrations/:id/test', ids: { id }, auth: 'any', token },
    { method: 'POST', path: '/integrations/:id/retry', ids: { id }, auth: 'any', token },
    { method: 'DELETE', path: '/integrations/:id', ids: { id: doomed }, auth: 'any', token },
    {
      method: 'POST',
      path: '/integration-webhooks/:id',
      ids: { id },
      auth: 'none',
      // No top-level text: a body is refused by its missing signature (401), whatever it holds.
      body: { issue: { number: 1 } },
      optional: ['issue'],
      noBaseline: 'a delivery needs a signature made with the integration’s webhook secret',
    },
  ];
}
