/**
 * Rows of the malformed-input suite (server/http/malformed.test.ts) for guest reporting (issue 18):
 * the installation's guest settings, the challenge and guest sign-in, and the team's view and block.
 */
import type { TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';
import { guestSignIn, setGuests } from './guests-kit.ts';
import { guestChallengeSecret } from '../model/guests.ts';

export async function guestCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  await setGuests(s, { guestReporting: true });
  // Made now, so a refused request finds the key in place and changes no table.
  await guestChallengeSecret(s.db);
  const guest = await guestSignIn(s, { email: 'malformed.guest@visitor.example' });
  const installationId = s.seed.installationId;
  return [
    {
      method: 'PATCH',
      path: '/installations/:id',
      ids: { id: installationId },
      auth: 'any',
      token: wsKey,
      body: { guestReporting: true, guestDailyThreadCap: 50 },
      optional: ['guestReporting', 'guestDailyThreadCap'],
    },
    { method: 'POST', path: '/auth/guest/challenge', auth: 'none', body: { publicKey: s.seed.publicKey } },
    {
      method: 'POST',
      path: '/auth/guest',
      auth: 'none',
      body: {
        publicKey: s.seed.publicKey,
        markupId: s.seed.markupId,
        name: 'Gus',
        email: 'gus@visitor.example',
        browserKey: 'b'.repeat(30),
        challenge: 'not-a-challenge',
        nonce: '1',
      },
      noBaseline: 'a sign-in needs a challenge solved and sent back no sooner than 2 s',
    },
    { method: 'GET', path: '/guests/:userId', ids: { userId: guest.userId }, auth: 'any', token: wsKey },
    { method: 'DELETE', path: '/guests/:userId/block', ids: { userId: guest.userId }, auth: 'any', token: wsKey },
    { method: 'POST', path: '/guests/:userId/block', ids: { userId: guest.userId }, auth: 'any', token: wsKey },
  ];
}
