/**
 * Test support for the review app's server side (issue 16): a member signed in through the
 * development sign-in, and a workspace of another organization with a markup — the reach an
 * attacker tries to cross.
 */
import type { MemberSessionResponse } from '../../src/api/wire.ts';
import { createOrganization, createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API, type TestServer } from './support.ts';

/** A member of the demo workspace (an admin, as the demo makes everyone who signs in). */
export async function signInMember(s: TestServer, name = 'Mia Member', email = 'mia@example.com'): Promise<MemberSessionResponse> {
  const res = await s.request('POST', `${API}/auth/member-session`, { token: await s.idpAccessToken(name, email), body: {} });
  if (res.status !== 200) throw new Error(`member sign-in failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Another organization's workspace with one webpage markup. */
export async function foreignMarkup(s: TestServer, name = 'Elsewhere'): Promise<{ workspaceId: string; markupId: string }> {
  const organizationId = await createOrganization(s.db, name, s.clock.now());
  const workspace = await createWorkspace(s.db, organizationId, name, s.clock.now());
  const markupId = await createWebpageMarkup(s.db, {
    workspaceId: workspace.id,
    name,
    url: 'https://elsewhere.example/',
    now: s.clock.now(),
  });
  return { workspaceId: workspace.id, markupId };
}
