/**
 * Guest reporting (issue 18): the installation setting, the sign-in's abuse checks (signed challenge,
 * proof of work, time to submit, spent challenges), rate limits per address and per e-mail, the
 * daily cap of guest threads, and blocking a guest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { guestSignIn, PAGE, setGuests, solve, tryGuestSignIn } from '../testing/guests-kit.ts';
import { signInMember } from '../testing/review-app.ts';
import { GUEST_POW_BITS, makeChallenge } from '../domain/guest-challenge.ts';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

describe('the installation setting', () => {
  it('is off by default: no guests advertised, challenges and sign-ins refused in words', async () => {
    const config = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}`);
    expect(config.body.data.guests).toBeUndefined();
    const res = await tryGuestSignIn(s);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('guests_disabled');
    expect(res.body.error.message).toMatch(/does not take reports from guests/);
  });

  it('is switched on by an API key and by an admin in the review app, and shows in the installation list', async () => {
    const on = await setGuests(s, { guestReporting: true, guestDailyThreadCap: 7 });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ guestReporting: true, guestDailyThreadCap: 7 });
    const config = await s.request('GET', `${API}/auth/config?publicKey=${s.seed.publicKey}`);
    expect(config.body.data.guests).toEqual({ enabled: true });
    const admin = await signInMember(s);
    const off = await s.request('PATCH', `${API}/installations/${s.seed.installationId}`, {
      token: admin.memberToken,
      body: { guestReporting: false },
    });
    expect(off.status).toBe(200);
    const list = await s.request('GET', `${API}/installations`, { token: admin.memberToken });
    expect(list.body.data.installations[0]).toMatchObject({ guestReporting: false, guestDailyThreadCap: 7 });
  });

  it('refuses bad settings and reviewers', async () => {
    expect((await setGuests(s, {})).status).toBe(422);
    expect((await setGuests(s, { guestDailyThreadCap: -1 })).status).toBe(422);
    const reviewer = await s.exchangeToken();
    const res = await s.request('PATCH', `${API}/installations/${s.seed.installationId}`, {
      token: reviewer.token,
      body: { guestReporting: true },
    });
    expect(res.status).toBe(403);
  });
});

describe('the guest sign-in', () => {
  beforeEach(async () => {
    await setGuests(s, { guestReporting: true });
  });

  it('gives a guest token for a name, an address and a solved challenge; the same browser key is the same guest', async () => {
    const res = await tryGuestSignIn(s, { browserKey: 'k'.repeat(30), name: 'Gus' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Gus', markupRole: { slug: 'reviewer' } });
    const again = await guestSignIn(s, { browserKey: 'k'.repeat(30), name: 'Gus G.' });
    expect(again.userId).toBe(res.body.data.userId);
    const other = await guestSignIn(s, { browserKey: 'z'.repeat(30) });
    expect(other.userId).not.toBe(again.userId);
    const thread = await s.request('POST', `${API}/threads`, { token: again.token, body: threadBody() });
    expect(thread.status).toBe(200);
  });

  it('refuses a form sent back sooner than 2 s after its challenge', async () => {
    const res = await tryGuestSignIn(s, { waitMs: 300 });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('submitted_too_fast');
  });

  it('refuses a wrong nonce, a forged or expired challenge, and a challenge used twice', async () => {
    const { body } = await s.request('POST', `${API}/auth/guest/challenge`, { body: { publicKey: s.seed.publicKey }, headers: PAGE });
    const challenge: string = body.data.challenge;
    expect(body.data.bits).toBe(GUEST_POW_BITS);
    s.clock.advance(3_000);
    const form = {
      publicKey: s.seed.publicKey,
      markupId: s.seed.markupId,
      name: 'Eve',
      email: 'eve@x.example',
      browserKey: 'e'.repeat(30),
    };
    const send = (fields: object) => s.request('POST', `${API}/auth/guest`, { headers: PAGE, body: { ...form, ...fields } });
    let nonce = 0;
    while (solve(challenge, GUEST_POW_BITS) === String(nonce)) nonce++;
    const wrong = await send({ challenge, nonce: String(nonce) });
    expect(wrong.body.error.code).toBe('proof_invalid');
    // An easier challenge of the attacker's own making: the signature does not match.
    const [inst, at, , rand, sig] = challenge.split('.');
    const forged = [inst, at, '1', rand, sig].join('.');
    expect((await send({ challenge: forged, nonce: solve(forged, 1) })).body.error.code).toBe('challenge_invalid');
    const foreign = makeChallenge('not-the-server-key', s.seed.installationId, s.clock.now() - 5_000, 1);
    expect((await send({ challenge: foreign, nonce: solve(foreign, 1) })).body.error.code).toBe('challenge_invalid');
    const good = await send({ challenge, nonce: solve(challenge, GUEST_POW_BITS) });
    expect(good.status).toBe(200);
    const replay = await send({ challenge, nonce: solve(challenge, GUEST_POW_BITS), browserKey: 'r'.repeat(30) });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('challenge_spent');
    s.clock.advance(11 * 60_000);
    expect((await send({ challenge, nonce: solve(challenge, GUEST_POW_BITS) })).body.error.code).toBe('challenge_expired');
  });

  it('refuses pages of origins the installation does not allow, and bad fields in words', async () => {
    const res = await s.request('POST', `${API}/auth/guest/challenge`, {
      body: { publicKey: s.seed.publicKey },
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const bad = await tryGuestSignIn(s, { email: 'not an address' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/e-mail address/);
  });

  it('limits sign-ins per e-mail address, per client address and per installation', async () => {
    // Counted before the form is checked, so a flood of junk costs the flooder too.
    const junk = {
      publicKey: s.seed.publicKey,
      markupId: s.seed.markupId,
      name: 'F',
      browserKey: 'f'.repeat(30),
      challenge: 'x',
      nonce: '1',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await s.request('POST', `${API}/auth/guest`, {
            headers: PAGE,
            address: `198.51.100.${i}`,
            body: { ...junk, email: 'flood@x.example' },
          })
        ).status,
      );
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    let fromOne = 0;
    for (let i = 0; i < 61; i++)
      fromOne = (
        await s.request('POST', `${API}/auth/guest/challenge`, {
          headers: PAGE,
          address: '203.0.113.9',
          body: { publicKey: s.seed.publicKey },
        })
      ).status;
    expect(fromOne).toBe(429);
    // The installation's hour is full (300 sign-ins from anywhere): the next one is refused.
    const now = s.clock.now() + 2_500;
    const hour = now - (now % 3_600_000);
    await s.db.query(
      'INSERT INTO rate_limits (bucket, window_start, hits, expires_at) VALUES ($1, $2::timestamptz, 300, $3::timestamptz)',
      [`guestSignIn:i:${s.seed.installationId}`, new Date(hour).toISOString(), new Date(hour + 3_600_000).toISOString()],
    );
    const full = await tryGuestSignIn(s, { address: '192.0.2.1' });
    expect(full.status).toBe(429);
    expect(full.body.error.message).toMatch(/guest sign-ins on this site/);
  });
});

describe('the daily cap and blocking', () => {
  beforeEach(async () => {
    await setGuests(s, { guestReporting: true, guestDailyThreadCap: 2 });
  });

  it("refuses the installation's guests more new threads than the cap per day, and takes them again the next day", async () => {
    const one = await guestSignIn(s, { email: 'a@x.example' });
    const two = await guestSignIn(s, { email: 'b@x.example' });
    expect((await s.request('POST', `${API}/threads`, { token: one.token, body: threadBody() })).status).toBe(200);
    expect((await s.request('POST', `${API}/threads`, { token: two.token, body: threadBody() })).status).toBe(200);
    const third = await s.request('POST', `${API}/threads`, { token: one.token, body: threadBody() });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('guest_daily_cap_reached');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    // Members are not counted against it.
    const reviewer = await s.exchangeToken();
    expect((await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).status).toBe(200);
    s.clock.advance(24 * 3600_000);
    const fresh = await guestSignIn(s, { email: 'a@x.example' });
    expect((await s.request('POST', `${API}/threads`, { token: fresh.token, body: threadBody() })).status).toBe(200);
  });

  it('a blocked guest is signed out, cannot sign in again or post, in words; unblocking lets them back', async () => {
    const guest = await guestSignIn(s, { email: 'spam@x.example', browserKey: 's'.repeat(30) });
    const threadId = (await s.request('POST', `${API}/threads`, { token: guest.token, body: threadBody() })).body.data.id;
    const admin = await signInMember(s);
    const seen = await s.request('GET', `${API}/guests/${guest.userId}`, { token: admin.memberToken });
    expect(seen.body.data).toMatchObject({ email: 'spam@x.example', blocked: false });
    const blocked = await s.request('POST', `${API}/guests/${guest.userId}/block`, { token: admin.memberToken });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.blocked).toBe(true);
    expect((await s.request('POST', `${API}/threads/${threadId}/messages`, { token: guest.token, body: { content: 'more' } })).status).toBe(
      401,
    );
    const again = await tryGuestSignIn(s, { email: 'SPAM@x.example', browserKey: 'n'.repeat(30) });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('guest_blocked');
    expect(again.body.error.message).toMatch(/blocked this e-mail address/);
    // A member is not a guest: nothing to block.
    const notGuest = await s.request('POST', `${API}/guests/${admin.userId}/block`, { token: admin.memberToken });
    expect(notGuest.status).toBe(404);
    await s.request('DELETE', `${API}/guests/${guest.userId}/block`, { token: admin.memberToken });
    const back = await guestSignIn(s, { email: 'spam@x.example', browserKey: 's'.repeat(30) });
    expect((await s.request('POST', `${API}/threads/${threadId}/messages`, { token: back.token, body: { content: 'more' } })).status).toBe(
      200,
    );
  });

  it('a guest whose address is blocked while signed in with another token gets the words on posting', async () => {
    const guest = await guestSignIn(s, { email: 'late@x.example' });
    const threadId = (await s.request('POST', `${API}/threads`, { token: guest.token, body: threadBody() })).body.data.id;
    // Blocked directly (as a second process would see it before the revocation): the guard still refuses.
    await s.db.query("INSERT INTO guest_blocks (workspace_id, email, blocked_at) VALUES ($1, 'late@x.example', now())", [
      s.seed.workspaceId,
    ]);
    const res = await s.request('POST', `${API}/threads/${threadId}/messages`, { token: guest.token, body: { content: 'hi' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('guest_blocked');
  });
});
