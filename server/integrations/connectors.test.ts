/**
 * Slack, Linear and Jira against their stand-ins (each checks the requests against the provider's
 * documented shapes), the sealing of secrets, and the bad input: an unreachable service never
 * blocks or loses a comment, a private address is refused under production rules, and a server
 * without PINMARK_SECRET_KEY in production keeps integrations off.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, silentLogger, type TestServer } from '../testing/support.ts';
import { startSlackStandIn, type SlackStandIn } from '../testing/stand-ins/slack.ts';
import { startLinearStandIn, type LinearStandIn } from '../testing/stand-ins/linear.ts';
import { startJiraStandIn, type JiraStandIn } from '../testing/stand-ins/jira.ts';
import { admin, createIntegration, inboundPath, integrationWorker, postReply, postThread, SETTLE_MS } from '../testing/stand-ins/kit.ts';
import { integrationsKey, open, parseSecretKey, seal } from './crypto.ts';
import { createIntegrationWorker, type IntegrationWorker } from './worker.ts';
import { vettedSender } from './http.ts';
import { targetPolicy } from '../net/target-check.ts';

const SECRET = 'inbound-secret-0123456789';

let s: TestServer;
let worker: IntegrationWorker;
let ada: { token: string; userId: string };
beforeAll(async () => {
  s = await createTestServer();
  worker = await integrationWorker(s);
  ada = await admin(s);
});
afterAll(async () => {
  await s.close();
});

const summary = async (id: string) => (await s.request('GET', `${API}/integrations/${id}`, { token: ada.token })).body.data;
const resolved = async (threadId: string) =>
  (await s.request('GET', `${API}/threads/${threadId}`, { token: ada.token })).body.data.resolved;

/** Each describe block gets the only enabled integration of the workspace. */
async function only(id: string): Promise<void> {
  for (const other of (await s.request('GET', `${API}/integrations`, { token: ada.token })).body.data.integrations)
    if (other.id !== id) await s.request('PATCH', `${API}/integrations/${other.id}`, { token: ada.token, body: { enabled: false } });
}

describe('Slack', () => {
  let slack: SlackStandIn;
  beforeAll(async () => {
    slack = await startSlackStandIn();
  });
  afterAll(() => slack.close());

  it('posts new threads and replies in the documented payload shape, with a link to the thread', async () => {
    const { id } = await createIntegration(s, ada.token, { kind: 'slack', secrets: { webhookUrl: slack.webhookUrl } });
    await only(id);
    const threadId = await postThread(s, ada.token, 'Logo is <blurry> & small');
    await postReply(s, ada.token, threadId, 'Agreed');
    s.clock.advance(SETTLE_MS);
    await worker.drain();
    expect(slack.violations).toEqual([]);
    expect(slack.messages.map((m) => m.text)).toEqual([expect.stringContaining('reported #'), expect.stringContaining('replied on #')]);
    const section = JSON.stringify(slack.messages[0]!.blocks);
    expect(section).toContain('Logo is &lt;blurry&gt; &amp; small');
    expect(section).toContain(`/app/inbox/${threadId}`);
    expect((await summary(id)).secrets).toEqual({ webhookUrl: `••••${slack.webhookUrl.slice(-4)}` });
  });

  it('keeps the comment and retries while Slack is unreachable', async () => {
    const { id } = await createIntegration(s, ada.token, {
      kind: 'slack',
      name: 'Down',
      secrets: { webhookUrl: 'http://127.0.0.1:9/services/x' },
    });
    await only(id);
    const threadId = await postThread(s, ada.token, 'Posted while Slack is down');
    s.clock.advance(SETTLE_MS);
    await worker.drain();
    const down = await summary(id);
    expect(down.health).toBe('retrying');
    expect(down.recent[0]).toMatchObject({ threadId, status: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect((await s.request('GET', `${API}/threads/${threadId}`, { token: ada.token })).status).toBe(200);
    await s.request('PATCH', `${API}/integrations/${id}`, { token: ada.token, body: { secrets: { webhookUrl: slack.webhookUrl } } });
    s.clock.advance(10_000);
    await worker.drain();
    expect(slack.messages.at(-1)!.text).toContain('reported #');
    expect((await summary(id)).health).toBe('ok');
  });

  it('refuses private addresses under production rules, giving up at once', async () => {
    const { id } = await createIntegration(s, ada.token, { kind: 'slack', name: 'Private', secrets: { webhookUrl: slack.webhookUrl } });
    await only(id);
    const key = (await integrationsKey(s.db, { production: false, env: {}, now: s.clock.now() }))!;
    const strict = createIntegrationWorker({
      db: s.db,
      clock: s.clock,
      log: silentLogger,
      storage: s.deps.storage,
      publicUrl: 'http://x',
      key,
      send: vettedSender(targetPolicy({ allowedPrivateHosts: [] })),
    });
    const before = slack.messages.length;
    await postThread(s, ada.token, 'To a private address');
    s.clock.advance(SETTLE_MS);
    await strict.drain();
    expect(slack.messages.length).toBe(before);
    expect((await summary(id)).recent[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('public addresses') });
  });
});

describe('Linear', () => {
  let linear: LinearStandIn;
  beforeAll(async () => {
    linear = await startLinearStandIn();
  });
  afterAll(() => linear.close());

  it('creates the issue, comments, completes it on resolve, and follows its state back', async () => {
    const { id } = await createIntegration(s, ada.token, {
      kind: 'linear',
      settings: { teamId: linear.teamId, apiUrl: linear.url },
      secrets: { apiKey: linear.apiKey, webhookSecret: SECRET },
    });
    await only(id);
    const threadId = await postThread(s, ada.token, 'Menu opens behind the video');
    s.clock.advance(SETTLE_MS);
    await postReply(s, ada.token, threadId, 'Seen on Firefox too');
    await worker.drain();
    expect(linear.violations).toEqual([]);
    const [issue] = [...linear.issues.values()];
    expect(issue).toMatchObject({
      identifier: 'WEB-1',
      title: 'Menu opens behind the video',
      comments: [expect.stringContaining('Seen on Firefox too')],
    });
    await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: ada.token });
    await worker.drain();
    expect(issue!.stateId).toBe(linear.states.find((state) => state.type === 'completed')!.id);
    // Reopened in Linear: the thread reopens. An old or unsigned delivery changes nothing.
    const reopened = linear.webhook(issue!.id, 'started', SECRET, s.clock.now());
    expect((await s.request('POST', inboundPath(id), { headers: reopened.headers, rawBody: reopened.body })).body.data).toMatchObject({
      applied: true,
    });
    expect(await resolved(threadId)).toBe(false);
    const old = linear.webhook(issue!.id, 'completed', SECRET, s.clock.now() - 120_000);
    expect((await s.request('POST', inboundPath(id), { headers: old.headers, rawBody: old.body })).status).toBe(401);
    const forged = linear.webhook(issue!.id, 'completed', 'wrong-secret-wrong-secret', s.clock.now());
    expect((await s.request('POST', inboundPath(id), { headers: forged.headers, rawBody: forged.body })).status).toBe(401);
    expect(await resolved(threadId)).toBe(false);
  });
});

describe('Jira', () => {
  let jira: JiraStandIn;
  beforeAll(async () => {
    jira = await startJiraStandIn();
  });
  afterAll(() => jira.close());

  it('creates the issue in ADF, comments, transitions to done on resolve, and follows its state back', async () => {
    const { id } = await createIntegration(s, ada.token, {
      kind: 'jira',
      settings: { siteUrl: jira.url, projectKey: jira.projectKey },
      secrets: { email: jira.email, apiToken: jira.apiToken, webhookSecret: SECRET },
    });
    await only(id);
    const threadId = await postThread(s, ada.token, 'Price shows NaN');
    s.clock.advance(SETTLE_MS);
    await postReply(s, ada.token, threadId, 'Only for EUR');
    await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: ada.token });
    await worker.drain();
    expect(jira.violations).toEqual([]);
    expect(jira.issues.get('WEB-1')).toMatchObject({ summary: 'Price shows NaN', category: 'done', comments: [expect.anything()] });
    const reopened = jira.webhook('WEB-1', 'indeterminate', SECRET, s.clock.now());
    expect((await s.request('POST', inboundPath(id), { headers: reopened.headers, rawBody: reopened.body })).body.data).toMatchObject({
      applied: true,
    });
    expect(await resolved(threadId)).toBe(false);
    const forged = jira.webhook('WEB-1', 'done', 'wrong-secret-wrong-secret', s.clock.now() + 1);
    expect((await s.request('POST', inboundPath(id), { headers: forged.headers, rawBody: forged.body })).status).toBe(401);
  });

  it('refuses bad settings with a clear message', async () => {
    const res = await s.request('POST', `${API}/integrations`, {
      token: ada.token,
      body: {
        kind: 'jira',
        settings: { siteUrl: 'ftp://x', projectKey: 'web' },
        secrets: { email: 'no', apiToken: '', webhookSecret: 'short' },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ['secrets.apiToken', 'secrets.email', 'secrets.webhookSecret', 'settings.projectKey', 'settings.siteUrl'].sort(),
    );
  });
});

describe('secrets at rest', () => {
  it('seals with AES-256-GCM bound to the integration, and opens nowhere else', () => {
    const key = randomBytes(32);
    const sealed = seal(key, '{"token":"ghp_x"}', 'integration-a');
    expect(open(key, sealed, 'integration-a')).toBe('{"token":"ghp_x"}');
    expect(() => open(key, sealed, 'integration-b')).toThrow(/does not open/);
    expect(() => open(randomBytes(32), sealed, 'integration-a')).toThrow(/does not open/);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => open(key, flipped, 'integration-a')).toThrow();
  });

  it('reads PINMARK_SECRET_KEY as hex, base64 or a long passphrase, and refuses a short one', () => {
    expect(parseSecretKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseSecretKey(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(parseSecretKey('correct horse battery staple and more words')).toHaveLength(32);
    expect(() => parseSecretKey('short')).toThrow(/PINMARK_SECRET_KEY/);
  });

  it('keeps integrations off in production without the key', async () => {
    const prod = await createTestServer({ config: { production: true } });
    try {
      expect(await integrationsKey(prod.db, { production: true, env: {}, now: prod.clock.now() })).toBeNull();
      const key = prod.seed.workspaceApiKey;
      const res = await prod.request('POST', `${API}/integrations`, {
        token: key,
        body: { kind: 'slack', secrets: { webhookUrl: 'https://hooks.slack.com/services/x' } },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('PINMARK_SECRET_KEY');
    } finally {
      await prod.close();
    }
  });
});
