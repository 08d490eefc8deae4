/**
 * The e-mail notification endpoints, played by members and by attackers: a member's own settings
 * (refused to other credentials), the one-click unsubscribe (a forged, altered or other user's
 * token changes nothing it should not; repeating it is harmless; the GET a link scanner makes
 * changes nothing), the demo's kept mails (the caller's workspace only, never in production), and
 * the mails an unreachable SMTP server could not take (retried, then given up, shown to members).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../seed.ts';
import { foreignMarkup } from '../testing/review-app.ts';
import { API, type TestServer } from '../testing/support.ts';
import { unsubscribeSecret } from '../mail/state.ts';
import { unsubscribeToken } from '../mail/unsubscribe-token.ts';
import { mailServer, mailWorker, member, mentionDelta, startThread, WINDOW_MS, type Member } from '../testing/mail-kit.ts';

let s: TestServer;
let ann: Member;
let ben: Member;
beforeAll(async () => {
  s = await mailServer();
  [ann, ben] = [await member(s, 'Ann'), await member(s, 'Ben')];
});
afterAll(async () => {
  await s.close();
});

const settingsOf = async (who: Member) => (await s.request('GET', `${API}/me/notification-settings`, { token: who.memberToken })).body.data;
const unsubscribe = (token: string, accept = 'application/json') =>
  s.request('POST', `${API}/unsubscribe?token=${encodeURIComponent(token)}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept },
  });
const ALL_ON = { mentions: true, assigned: true, participating: true, allThreads: true };
const NOTHING = { mentions: false, assigned: false, participating: false, allThreads: false };

describe('GET/PUT /me/notification-settings', () => {
  it('answers the defaults, then what the member chose', async () => {
    expect(await settingsOf(ann)).toEqual({ mentions: true, assigned: true, participating: true, allThreads: false });
    const put = await s.request('PUT', `${API}/me/notification-settings`, { token: ann.memberToken, body: ALL_ON });
    expect(put.status, put.text).toBe(200);
    expect(await settingsOf(ann)).toEqual(ALL_ON);
    expect(await settingsOf(ben)).toEqual({ mentions: true, assigned: true, participating: true, allThreads: false });
  });

  it('refuses API keys, reviewers and incomplete bodies', async () => {
    const reviewer = await s.exchangeToken({ sub: 'mail-reviewer' });
    for (const token of [s.seed.workspaceApiKey, reviewer.token]) {
      const res = await s.request('GET', `${API}/me/notification-settings`, { token });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const partial = await s.request('PUT', `${API}/me/notification-settings`, { token: ann.memberToken, body: { mentions: false } });
    expect(partial.status).toBe(422);
    expect(partial.body.error.message).toContain('assigned');
  });
});

describe('POST /unsubscribe (RFC 8058 one-click)', () => {
  it('turns e-mail off for the token’s user only; repeating it is harmless', async () => {
    await s.request('PUT', `${API}/me/notification-settings`, { token: ben.memberToken, body: ALL_ON });
    const secret = await unsubscribeSecret(s.db, s.clock.now());
    const token = unsubscribeToken(secret, ann.userId);
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribe(token);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ unsubscribed: true });
    }
    expect(await settingsOf(ann)).toEqual(NOTHING);
    expect(await settingsOf(ben)).toEqual(ALL_ON);
    const page = await unsubscribe(token, 'text/html');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('no more e-mails');
  });

  it('refuses forged and altered tokens, and one signed with another key', async () => {
    const secret = await unsubscribeSecret(s.db, s.clock.now());
    const annToken = unsubscribeToken(secret, ann.userId);
    const signature = annToken.split('.')[1]!;
    const forged = [
      `${ben.userId}.${signature}`, // Ann's signature on Ben's id
      `${ben.userId}.${'A'.repeat(signature.length)}`,
      unsubscribeToken('another-servers-secret', ben.userId),
      `${ben.userId.toUpperCase()}.${signature}`,
      `${annToken}.extra`,
      `${annToken.slice(0, -1)}`,
      ben.userId,
    ];
    for (const token of forged) {
      const res = await unsubscribe(token);
      expect(res.status, token).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect(await settingsOf(ben)).toEqual(ALL_ON);
  });

  it('GET shows the button and changes nothing (link scanners open links)', async () => {
    const token = unsubscribeToken(await unsubscribeSecret(s.db, s.clock.now()), ben.userId);
    const page = await s.request('GET', `${API}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect(page.text).toContain('ben@example.com');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(await settingsOf(ben)).toEqual(ALL_ON);
  });

  it('an unsubscribed member is mailed no more', async () => {
    const worker = mailWorker(s);
    await startThread(s, ben, mentionDelta('Header is cut ', { id: ann.userId, name: 'Ann' }));
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const jobs = await s.db.query('SELECT 1 FROM mail_jobs WHERE user_id = $1', [ann.userId]);
    expect(jobs).toHaveLength(0);
  });
});

describe('GET /mail (the demo keeps mails without SMTP_URL)', () => {
  it("lists the kept mails of the member's workspace only", async () => {
    const worker = mailWorker(s);
    const threadId = await startThread(s, ann, mentionDelta('Button <i>misaligned</i> ', { id: ben.userId, name: 'Ben' }));
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    // A kept mail of another organization's workspace, which must not show.
    const elsewhere = await foreignMarkup(s);
    const stranger = await createMember(s.db, {
      workspaceId: elsewhere.workspaceId,
      name: 'X',
      email: 'x@example.com',
      role: 'owner',
      now: 0,
    });
    await s.db.query(
      `INSERT INTO mail_jobs (id, workspace_id, thread_id, user_id, status, items, next_attempt_at, created_at, finished_at, recipient, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, 'kept', '[]', now(), now(), now(), 'x@example.com', 'secret', 'secret', 'secret')`,
      [randomUUID(), elsewhere.workspaceId, randomUUID(), stranger],
    );
    const res = await s.request('GET', `${API}/mail`, { token: ann.memberToken });
    expect(res.status, res.text).toBe(200);
    const mails = res.body.data.mails as { to: string; threadId: string; html: string; status: string }[];
    expect(mails.map((mail) => mail.to)).not.toContain('x@example.com');
    const toBen = mails.find((mail) => mail.threadId === threadId && mail.to === 'ben@example.com');
    expect(toBen?.status).toBe('kept');
    expect(toBen?.html).toContain('Button &#60;i&#62;misaligned&#60;/i&#62;');
    expect((await s.request('GET', `${API}/mail`, { token: s.seed.workspaceApiKey })).status).toBe(403);
  });

  it('is not there outside the demo (production)', async () => {
    const config = s.deps.config as { demo: boolean };
    config.demo = false;
    try {
      const res = await s.request('GET', `${API}/mail`, { token: ann.memberToken });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    } finally {
      config.demo = true;
    }
  });
});

describe('GET /mail/problems (undelivered e-mails, in every mode)', () => {
  it('shows a mail being retried with the SMTP answer, then given up with a clear record; the comment stays', async () => {
    const refused = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
    };
    const worker = mailWorker(s, refused, { random: () => 0 });
    // Ann unsubscribed above; Ben still hears of mentions.
    const threadId = await startThread(s, ann, mentionDelta('Logo blurry ', { id: ben.userId, name: 'Ben' }));
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const problems = async (token = ann.memberToken) => {
      const res = await s.request('GET', `${API}/mail/problems`, { token });
      expect(res.status, res.text).toBe(200);
      return (res.body.data.problems as { threadId: string; to: string; status: string; attempts: number; lastError: string }[]).filter(
        (problem) => problem.threadId === threadId,
      );
    };
    expect(await problems()).toEqual([expect.objectContaining({ to: 'ben@example.com', status: 'retrying', attempts: 1 })]);
    expect((await problems())[0]!.lastError).toContain('ECONNREFUSED');
    // Ben, the recipient, sees the workspace's problems too.
    expect(await problems(ben.memberToken)).toHaveLength(1);
    // Backing off, for a day: then it is given up, and says so.
    for (let hour = 0; hour < 30; hour++) {
      s.clock.advance(60 * 60 * 1000);
      await worker.drain();
    }
    // A day later Ann's member session has expired: she signs in again.
    const [givenUp] = await problems((await member(s, 'Ann')).memberToken);
    expect(givenUp).toEqual(expect.objectContaining({ status: 'failed', lastError: expect.stringContaining('ECONNREFUSED') }));
    expect(givenUp!.attempts).toBeGreaterThan(5);
    const thread = await s.request('GET', `${API}/threads/${threadId}`, { token: s.seed.workspaceApiKey });
    expect(thread.status).toBe(200);
  });

  it('refuses reviewers and API keys', async () => {
    const reviewer = await s.exchangeToken({ sub: 'mail-problems-reviewer' });
    for (const token of [reviewer.token, s.seed.workspaceApiKey]) {
      const res = await s.request('GET', `${API}/mail/problems`, { token });
      expect(res.status).toBe(403);
    }
    expect((await s.request('GET', `${API}/mail/problems`)).status).toBe(401);
  });
});
