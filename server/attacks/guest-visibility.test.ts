/**
 * Issue 18: guests see and answer their own threads only. An attacker signs in as a guest (nothing
 * but a name and an address) and uses that token on another guest's thread, a member's thread, the
 * messages in them, the thread list, and the endpoints that show the workspace's people; then tries
 * the signed link of the guest's thread page altered or made for someone else's thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { guestSignIn, setGuests } from '../testing/guests-kit.ts';
import { signInMember } from '../testing/review-app.ts';
import { unsubscribeSecret } from '../mail/state.ts';
import { guestThreadToken } from '../mail/guest-link.ts';

let s: TestServer;
let victim: { token: string; userId: string };
let attacker: { token: string; userId: string };
let member: { memberToken: string; userId: string };
let victimThread: { id: string; messageId: string };
let memberThread: { id: string; messageId: string };
let attackerThread: string;

async function thread(token: string, text: string) {
  const res = await s.request('POST', `${API}/threads`, {
    token,
    body: threadBody({ message: { ops: [{ insert: `${text}\n` }] }, projectId: s.seed.markupId }),
  });
  if (res.status !== 200) throw new Error(res.text);
  return { id: res.body.data.id as string, messageId: res.body.data.messages[0].id as string };
}

beforeAll(async () => {
  s = await createTestServer();
  await setGuests(s, { guestReporting: true });
  victim = await guestSignIn(s, { name: 'Vera', email: 'vera@visitor.example' });
  attacker = await guestSignIn(s, { name: 'Mallory', email: 'mallory@visitor.example' });
  member = await signInMember(s);
  victimThread = await thread(victim.token, 'my private report: my order number is 4711');
  memberThread = await thread(member.memberToken, 'internal: the release slips');
  attackerThread = (await thread(attacker.token, 'hello')).id;
});
afterAll(async () => {
  await s.close();
});

describe("a guest's token on what is not theirs", () => {
  it('does not read, answer, resolve, move or delete another guest’s or a member’s thread (404)', async () => {
    for (const target of [victimThread, memberThread]) {
      const t = attacker.token;
      expect((await s.request('GET', `${API}/threads/${target.id}`, { token: t })).status).toBe(404);
      expect((await s.request('POST', `${API}/threads/${target.id}/messages`, { token: t, body: { content: 'x' } })).status).toBe(404);
      expect((await s.request('POST', `${API}/threads/${target.id}/resolve`, { token: t })).status).toBe(404);
      expect((await s.request('DELETE', `${API}/threads/${target.id}`, { token: t })).status).toBe(404);
      expect((await s.request('GET', `${API}/threads/${target.id}/screenshot`, { token: t })).status).toBe(404);
      expect((await s.request('PATCH', `${API}/messages/${target.messageId}`, { token: t, body: { content: 'x' } })).status).toBe(404);
      expect((await s.request('DELETE', `${API}/messages/${target.messageId}`, { token: t })).status).toBe(404);
    }
  });

  it('lists only its own threads, whatever the query asks', async () => {
    for (const query of ['', '&withThreadOrMessageId=' + victimThread.id, '&q=order', '&resolved=false', '&order=activity']) {
      const res = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}${query}`, { token: attacker.token });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(victimThread.id);
      expect(res.text).not.toContain('4711');
      expect(res.text).not.toContain('release slips');
    }
    const own = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: attacker.token });
    expect(own.body.data.threads.map((t: { id: string }) => t.id)).toEqual([attackerThread]);
    // The victim still sees theirs (the cache is keyed per guest).
    const theirs = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: victim.token });
    expect(theirs.body.data.threads.map((t: { id: string }) => t.id)).toEqual([victimThread.id]);
  });

  it("reaches none of the workspace's people, markups, inbox or settings (403)", async () => {
    for (const [method, path] of [
      ['GET', `/markups/${s.seed.markupId}/tag`],
      ['GET', '/workspace'],
      ['GET', '/workspace/storage'],
      ['GET', '/users'],
      ['GET', '/inbox'],
      ['GET', '/installations'],
      ['GET', `/guests/${victim.userId}`],
      ['POST', `/guests/${victim.userId}/block`],
      ['GET', '/items'],
      ['GET', '/mail'],
      // Even on its own thread: the team's triage, moving it to another site, read marks.
      ['PATCH', `/threads/${attackerThread}/triage`],
      ['POST', `/threads/${attackerThread}/move`],
      ['POST', `/threads/${attackerThread}/seen`],
    ] as const) {
      const res = await s.request(method, `${API}${path}`, { token: attacker.token });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.text).not.toContain('vera@');
    }
  });

  it('still works on its own thread', async () => {
    expect((await s.request('GET', `${API}/threads/${attackerThread}`, { token: attacker.token })).status).toBe(200);
    const answer = await s.request('POST', `${API}/threads/${attackerThread}/messages`, {
      token: attacker.token,
      body: { content: 'more' },
    });
    expect(answer.status).toBe(200);
  });
});

describe("the guest's thread page link", () => {
  it("opens the guest's own thread, as text only", async () => {
    const secret = await unsubscribeSecret(s.db, s.clock.now());
    await s.request('POST', `${API}/threads/${victimThread.id}/messages`, {
      token: member.memberToken,
      body: { content: '<img src=x onerror=alert(1)> thanks, fixed' },
    });
    const res = await s.request('GET', `/g/${guestThreadToken(secret, victimThread.id, victim.userId)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('my order number is 4711');
    expect(res.text).toContain('&#60;img src=x onerror=alert(1)&#62; thanks, fixed');
    expect(res.text).not.toContain('<img');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src|unsafe-inline/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses a link altered, made with another key, or made for a thread the guest did not start (404)', async () => {
    const secret = await unsubscribeSecret(s.db, s.clock.now());
    const real = guestThreadToken(secret, victimThread.id, victim.userId);
    const altered = [
      real.slice(0, -2) + (real.endsWith('A') ? 'BB' : 'AA'),
      guestThreadToken('guessed-key', victimThread.id, victim.userId),
      `${victimThread.id}.${attacker.userId}.${real.split('.')[2]}`,
      guestThreadToken(secret, victimThread.id, attacker.userId),
      guestThreadToken(secret, memberThread.id, member.userId),
      guestThreadToken(secret, memberThread.id, attacker.userId),
    ];
    for (const token of altered) {
      expect((await s.request('GET', `/g/${token}`)).status, token).toBe(404);
      const post = await s.request('POST', `/g/${token}`, {
        rawBody: 'text=hijack',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(post.status, token).toBe(404);
    }
    const messages = await s.db.query("SELECT 1 FROM messages WHERE plain_text LIKE 'hijack%'");
    expect(messages).toHaveLength(0);
  });

  it('answers as the guest through the form', async () => {
    const secret = await unsubscribeSecret(s.db, s.clock.now());
    const token = guestThreadToken(secret, victimThread.id, victim.userId);
    const post = await s.request('POST', `/g/${token}`, {
      rawBody: 'text=' + encodeURIComponent('Works now, thank you!'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(303);
    const [row] = await s.db.query<{ author_user_id: string }>("SELECT author_user_id FROM messages WHERE plain_text LIKE 'Works now%'");
    expect(row!.author_user_id).toBe(victim.userId);
    expect((await s.request('GET', `/g/${token}?sent=1`)).text).toContain('Your answer was sent');
    // Comments paused on the site: the page says so and takes no answer.
    await s.db.query('UPDATE markups SET read_only = true WHERE id = $1', [s.seed.markupId]);
    const paused = await s.request('POST', `/g/${token}`, {
      rawBody: 'text=later',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(paused.status).toBe(403);
    expect(paused.text).toContain('paused new comments');
    await s.db.query('UPDATE markups SET read_only = false WHERE id = $1', [s.seed.markupId]);
  });
});
