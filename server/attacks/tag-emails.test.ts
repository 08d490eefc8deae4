/**
 * Hole 3 of issue 13: `GET /markups/:id/tag` handed every reviewer (an exchange token, i.e. anyone
 * the customer's site signs in) the e-mail address of every workspace member and every commenter,
 * and a person signed in without a name was even *named* by their address everywhere. A reviewer
 * now sees what mentioning someone needs (id, name, avatar) and no one's address but their own;
 * API keys, the workspace's own servers, still see the addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { devIdpIssuer, devIdpKeyStore } from '../auth/dev-idp-keys.ts';
import { API, TEST_PUBLIC_URL, TEST_SDK_ORIGIN, createTestServer, threadBody, type TestServer } from '../testing/support.ts';

const OWNER = 'owner@demo.pinmark.test';
const ATTACKER = 'attacker@evil.example';
const NAMELESS = 'nameless.customer@customer.example';
const IDP_ONLY = 'idp.only@example.com';

/** Every e-mail-shaped string in a response body. */
const addressesIn = (text: string): string[] => [...new Set(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [])];

let s: TestServer;
let attacker: { token: string; userId: string };
let namelessId: string;
let threadId: string;

/** A dev-IdP access token (signed with the server's own key) whose only name is the address. */
async function idpTokenNamedByAddress(): Promise<string> {
  const key = await devIdpKeyStore(s.db, s.clock)();
  const now = Math.floor(s.clock.now() / 1000);
  return new SignJWT({ email: IDP_ONLY, token_use: 'access', preferred_username: IDP_ONLY })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(devIdpIssuer(TEST_PUBLIC_URL))
    .setAudience('pinmark')
    .setSubject('dev_idp_only')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key.privateKey);
}

beforeAll(async () => {
  s = await createTestServer();
  attacker = await s.exchangeToken({ sub: 'attacker', name: 'Just A Reviewer', email: ATTACKER });
  // Writing once makes the attacker a commenter of the markup, like everyone else in the list.
  expect((await s.request('POST', `${API}/threads`, { token: attacker.token, body: threadBody() })).status).toBe(200);
  // A customer JWT without a name: the user is named after the address.
  const nameless = await s.request('POST', `${API}/auth/exchange`, {
    body: { token: await s.customerJwt({ sub: 'nameless', email: NAMELESS }, { omit: ['name'] }) },
  });
  expect(nameless.status).toBe(200);
  namelessId = nameless.body.data.userId;
  const owner = (await s.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [OWNER]))[0]!.id;
  const mentions = {
    ops: [
      { insert: 'Looping in ' },
      { insert: { mention: { id: owner, value: 'Demo Owner' } } },
      { insert: ' and ' },
      { insert: { mention: { id: namelessId, value: 'nameless' } } },
      { insert: '\n' },
    ],
  };
  const thread = await s.request('POST', `${API}/threads`, {
    token: nameless.body.data.exchangeToken,
    body: threadBody({ message: mentions }),
  });
  expect(thread.status).toBe(200);
  threadId = thread.body.data.id;
  // An identity-provider user, also known only by their address, replies.
  const sdk = await s.request('POST', `${API}/auth/sdk-exchange`, {
    token: await idpTokenNamedByAddress(),
    headers: { Origin: TEST_SDK_ORIGIN },
    body: {
      publicKey: s.seed.publicKey,
      markupId: s.seed.markupId,
      sdkOrigin: TEST_SDK_ORIGIN,
      state: 'state-tag-emails-abcdefghijklmnopq',
    },
  });
  expect(sdk.status).toBe(200);
  const reply = await s.request('POST', `${API}/threads/${threadId}/messages`, {
    token: sdk.body.data.exchangeToken,
    body: { message: { ops: [{ insert: 'Seen.\n' }] } },
  });
  expect(reply.status).toBe(200);
});
afterAll(async () => {
  await s.close();
});

describe("a reviewer cannot harvest other people's e-mail addresses", () => {
  it('GET /markups/:id/tag gives a reviewer ids, names and avatars, no one else’s address', async () => {
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: attacker.token });
    expect(res.status).toBe(200);
    // Everyone is still there to be mentioned…
    expect(res.body.data.taggable.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([attacker.userId, namelessId]));
    expect(res.body.data.taggable).toHaveLength(4);
    expect(res.body.data.tagged).toHaveLength(2);
    for (const person of res.body.data.taggable)
      expect(person).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
    // …but the only address in the answer is the reviewer's own.
    expect(addressesIn(res.text)).toEqual([ATTACKER]);
    // The tagged list keeps its wire shape (email is a string), empty for others.
    for (const person of res.body.data.tagged) expect(person.email).toBe('');
  });

  it('a person named by their address is shown to reviewers by the part before the @', async () => {
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: attacker.token });
    const names = res.body.data.taggable.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['nameless.customer', 'idp.only', 'Demo Owner']));
  });

  it('threads and messages read by a reviewer carry no one else’s address either', async () => {
    const list = await s.request('GET', `${API}/threads?markupId=${s.seed.markupId}`, { token: attacker.token });
    expect(list.status).toBe(200);
    expect(list.body.data.threads).toHaveLength(2);
    expect(addressesIn(list.text)).toEqual([ATTACKER]);
    const one = await s.request('GET', `${API}/threads/${threadId}`, { token: attacker.token });
    expect(one.status).toBe(200);
    expect(one.body.data.messages.length).toBeGreaterThanOrEqual(2);
    expect(addressesIn(one.text)).toEqual([]);
  });

  it('the person themself still sees their own address', async () => {
    const own = await s.exchangeToken({ sub: 'nameless', email: NAMELESS, name: undefined });
    const res = await s.request('GET', `${API}/threads/${threadId}`, { token: own.token });
    expect(addressesIn(res.text)).toEqual([NAMELESS]);
  });

  it('an API key still sees the addresses', async () => {
    const res = await s.request('GET', `${API}/markups/${s.seed.markupId}/tag`, { token: s.seed.workspaceApiKey });
    expect(res.status).toBe(200);
    expect(addressesIn(res.text)).toEqual(expect.arrayContaining([OWNER, ATTACKER, NAMELESS, IDP_ONLY]));
    const owner = res.body.data.taggable.find((u: { name: string }) => u.name === 'Demo Owner');
    expect(owner.email).toBe(OWNER);
    expect(res.body.data.tagged.find((u: { id: string }) => u.id === namelessId).email).toBe(NAMELESS);
    const thread = await s.request('GET', `${API}/threads/${threadId}`, { token: s.seed.workspaceApiKey });
    expect(addressesIn(thread.text)).toEqual(expect.arrayContaining([NAMELESS, IDP_ONLY]));
  });
});
