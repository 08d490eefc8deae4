/**
 * What the integration tests share: a test server, an admin member of its demo workspace, an
 * integration created through the API, an integration worker on the server's manual clock that
 * sends through the production address rules (localhost allowed, as in development), and helpers
 * to post a thread and a reply as the member.
 */
import { signInMember } from '../review-app.ts';
import { createApiKey } from '../../seed.ts';
import { API, silentLogger, threadBody, type TestServer } from '../support.ts';
import { integrationsKey } from '../../integrations/crypto.ts';
import { vettedSender } from '../../integrations/http.ts';
import { createIntegrationWorker, type IntegrationWorker } from '../../integrations/worker.ts';
import { targetPolicy } from '../../net/target-check.ts';

/** How long a new thread waits for its screenshot before it is sent (migration 0021). */
export const SETTLE_MS = 5_000;

export async function admin(s: TestServer, name = 'Ada Admin'): Promise<{ token: string; userId: string }> {
  const session = await signInMember(s, name, `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  return { token: session.memberToken, userId: session.userId };
}

export async function integrationWorker(s: TestServer, random = () => 0): Promise<IntegrationWorker> {
  const key = (await integrationsKey(s.db, { production: false, env: {}, now: s.clock.now() }))!;
  return createIntegrationWorker({
    db: s.db,
    clock: s.clock,
    log: silentLogger,
    storage: s.deps.storage,
    publicUrl: s.deps.config.publicUrl,
    key,
    send: vettedSender(targetPolicy(s.deps.config.webhooks)),
    random,
  });
}

export async function createIntegration(s: TestServer, token: string, body: unknown): Promise<{ id: string; inboundUrl: string | null }> {
  const res = await s.request('POST', `${API}/integrations`, { token, body });
  if (res.status !== 201) throw new Error(`integration: ${res.status} ${res.text}`);
  return res.body.data;
}

export async function postThread(s: TestServer, token: string, text: string): Promise<string> {
  const res = await s.request('POST', `${API}/threads`, {
    token,
    body: threadBody({ projectId: s.seed.markupId, message: { ops: [{ insert: `${text}\n` }] } }),
  });
  if (res.status !== 200) throw new Error(`thread: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export async function postReply(s: TestServer, token: string, threadId: string, text: string): Promise<void> {
  const res = await s.request('POST', `${API}/threads/${threadId}/messages`, {
    token,
    body: { message: { ops: [{ insert: `${text}\n` }] } },
  });
  if (res.status !== 200) throw new Error(`reply: ${res.status} ${res.text}`);
}

/** The inbound path below API (the app is driven by path, not by the absolute inboundUrl). */
export const inboundPath = (id: string) => `${API}/integration-webhooks/${id}`;

/** A workspace API key of another workspace (the attacker's own, legitimately held). */
export async function foreignWorkspaceKey(s: TestServer, workspaceId: string): Promise<string> {
  const [row] = await s.db.query<{ organization_id: string }>('SELECT organization_id FROM workspaces WHERE id = $1', [workspaceId]);
  return createApiKey(s.db, {
    kind: 'workspace',
    organizationId: row!.organization_id,
    workspaceId,
    name: 'Elsewhere',
    now: s.clock.now(),
  });
}
