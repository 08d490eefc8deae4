/**
 * Shared by the users endpoint tests (users.test.ts, users-external.test.ts): a server with its
 * workspace and organization keys and a reviewer's exchange token, plus helpers to count pending
 * invitations and to make a fresh workspace with members.
 */
import { createApiKey, createMember, createWorkspace } from '../seed.ts';
import { createTestServer } from '../testing/support.ts';

/** The server, keys and helpers every users test file starts from (call once, at the top). */
export async function usersServer() {
  const s = await createTestServer();
  const wsKey = s.seed.workspaceApiKey;
  const orgKey = s.seed.organizationApiKey;
  const reviewer: { token: string; userId: string } = await s.exchangeToken({ sub: 'users-reviewer' });

  const invitationCount = async (workspaceId = s.seed.workspaceId) =>
    (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspace_invitations WHERE workspace_id = $1', [workspaceId]))[0]!.n;

  /** A fresh workspace of the demo organization with a workspace key and, optionally, members. */
  async function workspace(members: { role: 'owner' | 'admin' | 'contributor' | 'viewer'; verified?: boolean }[] = []) {
    const now = s.clock.now();
    const ws = await createWorkspace(s.db, s.seed.organizationId, 'Team', now);
    const key = await createApiKey(s.db, {
      kind: 'workspace',
      organizationId: s.seed.organizationId,
      workspaceId: ws.id,
      name: 'team key',
      now,
    });
    const ids: string[] = [];
    for (const [i, m] of members.entries()) {
      const id = await createMember(s.db, {
        workspaceId: ws.id,
        name: `Member ${i}`,
        email: `m${i}-${ws.id}@team.test`,
        role: m.role,
        now,
      });
      if (m.verified === false) await s.db.query('UPDATE users SET email_verified = false WHERE id = $1', [id]);
      ids.push(id);
    }
    return { ...ws, key, ids };
  }

  return { s, wsKey, orgKey, reviewer, invitationCount, workspace };
}
