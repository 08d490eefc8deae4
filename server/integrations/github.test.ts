/**
 * The GitHub connector round trip against the stand-in that checks every request against GitHub's
 * OpenAPI description: thread → issue (with the element, browser and a link back) → reply as a
 * comment → the issue closed on "github.com" → its signed webhook resolves the thread → reopening
 * the thread in Pinmark reopens the issue. And the attacker's side: forged, missing and replayed
 * signatures, another workspace's integration, tokens never echoed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { startGithubStandIn, type GithubStandIn } from '../testing/stand-ins/github.ts';
import {
  admin,
  createIntegration,
  foreignWorkspaceKey,
  inboundPath,
  integrationWorker,
  postReply,
  postThread,
  SETTLE_MS,
} from '../testing/stand-ins/kit.ts';
import { foreignMarkup } from '../testing/review-app.ts';
import type { IntegrationWorker } from './worker.ts';

const WEBHOOK_SECRET = 'a-webhook-secret-of-some-length';

let s: TestServer;
let github: GithubStandIn;
let worker: IntegrationWorker;
let ada: { token: string; userId: string };
let integration: { id: string };

beforeAll(async () => {
  s = await createTestServer();
  github = await startGithubStandIn();
  worker = await integrationWorker(s);
  ada = await admin(s);
  integration = await createIntegration(s, ada.token, {
    kind: 'github',
    settings: { owner: github.owner, repo: github.repo, apiUrl: github.url },
    secrets: { token: github.token, webhookSecret: WEBHOOK_SECRET },
  });
});
afterAll(async () => {
  await github.close();
  await s.close();
});

async function deliver(delivery: { headers: Record<string, string>; body: string }, id = integration.id) {
  return s.request('POST', inboundPath(id), { headers: delivery.headers, rawBody: delivery.body });
}

const threadResolved = async (threadId: string) =>
  (await s.request('GET', `${API}/threads/${threadId}`, { token: ada.token })).body.data.resolved as boolean;

describe('GitHub Issues round trip', () => {
  let threadId: string;

  it('makes an issue of a new thread, after the screenshot window, checked against the OpenAPI description', async () => {
    threadId = await postThread(s, ada.token, 'The checkout button overlaps the footer');
    await worker.drain();
    expect(github.issues.size).toBe(0);
    s.clock.advance(SETTLE_MS);
    await worker.drain();
    expect(github.violations).toEqual([]);
    const issue = github.issues.get(1)!;
    expect(issue.title).toBe('The checkout button overlaps the footer');
    expect(issue.body).toContain('**Element:** `');
    expect(issue.body).toContain('**Browser:**');
    expect(issue.body).toContain(`/app/inbox/${threadId}`);
    expect(github.requests.map((r) => r.operationId)).toEqual(['issues/create']);
  });

  it('follows with replies as comments', async () => {
    await postReply(s, ada.token, threadId, 'Only on Safari, it seems');
    await worker.drain();
    expect(github.issues.get(1)!.comments).toEqual([expect.stringContaining('Only on Safari, it seems')]);
    expect(github.violations).toEqual([]);
  });

  it('resolves the thread when the issue is closed on GitHub, without closing it back', async () => {
    github.issues.get(1)!.state = 'closed';
    const res = await deliver(github.webhook(1, 'closed', WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ applied: true, threadId, resolved: true });
    expect(await threadResolved(threadId)).toBe(true);
    const [by] = await s.db.query<{ name: string; kind: string }>(
      'SELECT u.name, u.kind FROM threads t JOIN users u ON u.id = t.resolved_by_user_id WHERE t.id = $1',
      [threadId],
    );
    expect(by).toEqual({ name: 'GitHub', kind: 'service' });
    await worker.drain();
    // No PATCH went back: the change came from GitHub.
    expect(github.requests.filter((r) => r.operationId === 'issues/update')).toEqual([]);
  });

  it('reopens the issue when the thread is reopened in Pinmark, and closes it when resolved', async () => {
    expect((await s.request('POST', `${API}/threads/${threadId}/unresolve`, { token: ada.token })).status).toBe(200);
    await worker.drain();
    expect(github.issues.get(1)!.state).toBe('open');
    expect((await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: ada.token })).status).toBe(200);
    await worker.drain();
    expect(github.issues.get(1)).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(github.violations).toEqual([]);
  });

  it('retries while GitHub is down, shows the failure, and sends once it is back', async () => {
    github.failNext(1, 502);
    await postReply(s, ada.token, threadId, 'One more thing');
    await worker.drain();
    const during = (await s.request('GET', `${API}/integrations/${integration.id}`, { token: ada.token })).body.data;
    expect(during.health).toBe('retrying');
    expect(during.recent[0]).toMatchObject({ kind: 'reply_created', status: 'pending', lastError: expect.stringContaining('HTTP 502') });
    s.clock.advance(10_000);
    await worker.drain();
    expect(github.issues.get(1)!.comments.at(-1)).toContain('One more thing');
    const after = (await s.request('GET', `${API}/integrations/${integration.id}`, { token: ada.token })).body.data;
    expect(after.health).toBe('ok');
  });

  it('gives up at once on a refusal GitHub will repeat, with a clear record', async () => {
    const broken = await createIntegration(s, ada.token, {
      kind: 'github',
      name: 'Wrong token',
      settings: { owner: github.owner, repo: github.repo, apiUrl: github.url },
      secrets: { token: 'ghp_wrong', webhookSecret: WEBHOOK_SECRET },
    });
    await postThread(s, ada.token, 'Another one');
    s.clock.advance(SETTLE_MS);
    await worker.drain();
    const summary = (await s.request('GET', `${API}/integrations/${broken.id}`, { token: ada.token })).body.data;
    expect(summary.health).toBe('failing');
    expect(summary.recent[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('HTTP 401') });
    await s.request('DELETE', `${API}/integrations/${broken.id}`, { token: ada.token });
  });
});

describe('GitHub webhook, played by an attacker', () => {
  let threadId: string;
  beforeAll(async () => {
    threadId = await postThread(s, ada.token, 'Attack target');
    s.clock.advance(SETTLE_MS);
    await worker.drain();
  });
  const number = () => github.issues.size;

  it('refuses a forged signature and a missing one, changing nothing', async () => {
    const forged = github.webhook(number(), 'closed', 'not-the-secret-at-all');
    expect((await deliver(forged)).status).toBe(401);
    const unsigned = github.webhook(number(), 'closed', WEBHOOK_SECRET);
    delete unsigned.headers['x-hub-signature-256'];
    const res = await deliver(unsigned);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    const tampered = github.webhook(number(), 'reopened', WEBHOOK_SECRET);
    const closedBody = tampered.body.replace('"action":"reopened"', '"action":"closed"');
    expect((await deliver({ headers: tampered.headers, body: closedBody })).status).toBe(401);
    expect(await threadResolved(threadId)).toBe(false);
  });

  it('applies a replayed delivery once, and an old body under a new delivery id not at all', async () => {
    github.issues.get(number())!.state = 'closed';
    const closing = github.webhook(number(), 'closed', WEBHOOK_SECRET);
    expect((await deliver(closing)).status).toBe(200);
    expect(await threadResolved(threadId)).toBe(true);
    await s.request('POST', `${API}/threads/${threadId}/unresolve`, { token: ada.token });
    expect((await deliver(closing)).status).toBe(409);
    const renamed = { ...closing, headers: { ...closing.headers, 'x-github-delivery': crypto.randomUUID() } };
    const res = await deliver(renamed);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ applied: false, reason: 'stale' });
    expect(await threadResolved(threadId)).toBe(false);
  });

  it('does not let another workspace see, change or use an integration, nor a reviewer', async () => {
    const other = await foreignMarkup(s);
    const otherKey = await foreignWorkspaceKey(s, other.workspaceId);
    for (const [method, path] of [
      ['GET', `${API}/integrations/${integration.id}`],
      ['PATCH', `${API}/integrations/${integration.id}`],
      ['POST', `${API}/integrations/${integration.id}/test`],
      ['DELETE', `${API}/integrations/${integration.id}`],
    ] as const) {
      const res = await s.request(method, path, { token: otherKey, ...(method === 'PATCH' ? { body: { enabled: false } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await s.request('GET', `${API}/integrations`, { token: otherKey })).body.data.integrations).toEqual([]);
    const reviewer = (await s.exchangeToken({ sub: 'integration-reviewer' })).token;
    expect((await s.request('GET', `${API}/integrations`, { token: reviewer })).status).toBe(403);
  });

  it('never answers a token or secret, only masked hints', async () => {
    const answers = [
      await s.request('GET', `${API}/integrations`, { token: ada.token }),
      await s.request('GET', `${API}/integrations/${integration.id}`, { token: ada.token }),
      await s.request('PATCH', `${API}/integrations/${integration.id}`, {
        token: ada.token,
        body: { secrets: { webhookSecret: WEBHOOK_SECRET } },
      }),
      await s.request('POST', `${API}/integrations/${integration.id}/test`, { token: ada.token }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(github.token);
      expect(res.text).not.toContain(WEBHOOK_SECRET);
    }
    expect(answers[1]!.body.data.secrets).toEqual({
      token: `••••${github.token.slice(-4)}`,
      webhookSecret: `••••${WEBHOOK_SECRET.slice(-4)}`,
    });
    expect(answers[3]!.body.data).toEqual({ ok: true, message: `repository ${github.owner}/${github.repo} reachable` });
    const stored = await s.db.query<{ sealed_secrets: string }>('SELECT sealed_secrets FROM integrations WHERE id = $1', [integration.id]);
    expect(stored[0]!.sealed_secrets).toMatch(/^v1\./);
    expect(stored[0]!.sealed_secrets).not.toContain(github.token);
  });
});
