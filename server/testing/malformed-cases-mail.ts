/**
 * Rows of the malformed-input suite (server/http/malformed.test.ts) for the e-mail notification
 * endpoints (issue 18): a member's settings, the one-click unsubscribe, the demo's kept mails, the
 * undelivered ones.
 */
import { API, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';
import { unsubscribeSecret } from '../mail/state.ts';
import { unsubscribeToken } from '../mail/unsubscribe-token.ts';

export async function mailCases(s: TestServer): Promise<RouteCase[]> {
  const signIn = await s.request('POST', `${API}/auth/member-session`, {
    token: await s.idpAccessToken('Mail Member', 'mail.member@example.com'),
    body: {},
  });
  const memberToken = signIn.body.data.memberToken as string;
  // Made now, so a refused unsubscribe finds the key in place and changes no table.
  const token = unsubscribeToken(await unsubscribeSecret(s.db, s.clock.now()), signIn.body.data.userId as string);
  const settings = { mentions: true, assigned: true, participating: false, allThreads: false };
  return [
    { method: 'GET', path: '/me/notification-settings', auth: 'any', token: memberToken },
    { method: 'PUT', path: '/me/notification-settings', auth: 'any', token: memberToken, body: settings },
    { method: 'GET', path: '/unsubscribe', auth: 'none', query: { token }, requiredQuery: ['token'] },
    { method: 'POST', path: '/unsubscribe', auth: 'none', query: { token }, requiredQuery: ['token'] },
    { method: 'GET', path: '/mail', auth: 'any', token: memberToken, query: { limit: '10' } },
    { method: 'GET', path: '/mail/problems', auth: 'any', token: memberToken, query: { limit: '10' } },
  ];
}
