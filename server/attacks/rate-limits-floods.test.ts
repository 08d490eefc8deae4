/**
 * Issue 13, hole 7, the floods: thread creation, messages, upload policies (the screenshot one
 * included), invitations and the development sign-in are each refused after their limit, per
 * reviewer, credential or e-mail whatever address they come from, and a refused request stores
 * nothing. The exchange, X-Forwarded-For and the counters are in rate-limits.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../http/rate-limit-rules.ts';
import { API, threadBody } from '../testing/support.ts';
import { expectRefused, rateLimitServer } from './rate-limits-test-kit.ts';

const { s, count, waitOut } = await rateLimitServer();
afterAll(async () => {
  await s.close();
});

describe('floods', () => {
  it('thread creation: a reviewer is refused after the limit, the refused thread is not stored, and the next window lets them in', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.threads;
    const reviewer = await s.exchangeToken({ sub: 'thread-flooder' });
    const stored = () =>
      count('SELECT count(*)::int AS n FROM threads t JOIN messages m ON m.thread_id = t.id WHERE m.author_user_id = $1', [
        reviewer.userId,
      ]);
    for (let i = 0; i < perCredential; i++) {
      const res = await s.request('POST', `${API}/threads`, {
        token: reviewer.token,
        body: threadBody(),
        address: `198.51.100.${i % 250}`,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(perCredential - 1 - i));
    }
    const refused = await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody(), address: '198.51.100.251' });
    expectRefused(refused, perCredential, windowSeconds, /new threads.*for one reviewer or credential/);
    expect(await stored()).toBe(perCredential);
    waitOut(refused);
    expect(
      (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody(), address: '198.51.100.251' })).status,
    ).toBe(200);
  });

  it('messages: a reviewer is refused after the limit', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.messages;
    const reviewer = await s.exchangeToken({ sub: 'reply-flooder' });
    const threadId = (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody(), address: '198.51.100.60' }))
      .body.data.id;
    const reply = () =>
      s.request('POST', `${API}/threads/${threadId}/messages`, {
        token: reviewer.token,
        body: { message: { ops: [{ insert: 'again\n' }] } },
        address: '198.51.100.61',
      });
    for (let i = 0; i < perCredential; i++) expect((await reply()).status).toBe(200);
    const refused = await reply();
    expectRefused(refused, perCredential, windowSeconds, /new messages/);
    expect(await count('SELECT count(*)::int AS n FROM messages WHERE thread_id = $1', [threadId])).toBe(perCredential + 1);
  });

  it('uploads: upload policies are refused after the limit and the refused one records nothing', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.uploads;
    const reviewer = await s.exchangeToken({ sub: 'upload-flooder' });
    const threadId = (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody(), address: '198.51.100.70' }))
      .body.data.id;
    const policy = (address: string) =>
      s.request('POST', `${API}/upload-policy`, {
        token: reviewer.token,
        address,
        body: { resourceType: 'message_attachment', resourceId: threadId, filename: 'flood.txt', contentType: 'text/plain', filesize: 5 },
      });
    for (let i = 0; i < perCredential; i++) expect((await policy(`198.51.${100 + (i % 3)}.71`)).status).toBe(200);
    const pending = await count('SELECT count(*)::int AS n FROM uploads WHERE created_by_user_id = $1', [reviewer.userId]);
    expectRefused(await policy('198.51.100.72'), perCredential, windowSeconds, /uploads.*for one reviewer or credential/);
    expect(await count('SELECT count(*)::int AS n FROM uploads WHERE created_by_user_id = $1', [reviewer.userId])).toBe(pending);
    // The screenshot policy is an upload too, counted in the same window.
    const screenshot = await s.request(
      'GET',
      `${API}/threads/${threadId}/screenshot-upload-policy?fileId=${crypto.randomUUID()}&filename=s.png&mimeType=image/png&filesize=10`,
      {
        token: reviewer.token,
        address: '198.51.100.73',
      },
    );
    expectRefused(screenshot, perCredential, windowSeconds, /uploads/);
  });

  it('invitations: an API key is refused after the hourly limit', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.invitations;
    const invite = (i: number) =>
      s.request('POST', `${API}/users/invite`, {
        token: s.seed.workspaceApiKey,
        body: { emails: [`invitee${i}@example.com`] },
        address: '198.51.100.80',
      });
    for (let i = 0; i < perCredential; i++) expect((await invite(i)).status).toBe(204);
    expectRefused(await invite(perCredential), perCredential, windowSeconds, /invitations: at most \d+ per hour with one API key/);
  });

  it('the development sign-in: one e-mail is limited from any number of addresses', async () => {
    const { perCredential, windowSeconds } = RATE_LIMITS.signIn;
    const token = (address: string, email = 'target@example.com') =>
      s.request('POST', '/idp/token', { body: { name: 'Target', email }, address });
    for (let i = 0; i < perCredential; i++)
      expect((await token(`192.0.2.${i + 1}`, i % 2 ? 'Target@Example.com' : 'target@example.com')).status).not.toBe(429);
    expectRefused(await token('192.0.2.250'), perCredential, windowSeconds, /sign-in attempts.*for one reviewer or credential/);
  });
});
