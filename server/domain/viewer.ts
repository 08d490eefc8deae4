/**
 * Who is asking, as every floor sees it: the credential behind a request (an API key or an exchange
 * token, resolved by server/auth/caller.ts) and how it appears when deciding authorship and
 * visibility. Plain data on the ground floor, so the model takes a viewer without knowing how the
 * HTTP layer found it.
 */

export interface ApiKeyCaller {
  kind: 'api_key';
  keyId: string;
  keyName: string;
  scope: 'workspace' | 'organization';
  organizationId: string;
  /** Set for workspace keys only. */
  workspaceId: string | null;
}

export interface ExchangeCaller {
  kind: 'exchange';
  tokenId: string;
  workspaceId: string;
  userId: string;
  markupId: string;
  expiresAt: number;
  /** Issue 18: a guest's token (source 'guest'), held to the guest's own threads (http/guest-guard.ts). */
  guest?: boolean;
}

/**
 * A workspace member signed in to the review app (server/auth/member-session.ts): reaches every
 * record of its workspace, as a workspace API key does, but acts as a person.
 */
export interface MemberCaller {
  kind: 'member';
  tokenId: string;
  workspaceId: string;
  organizationId: string;
  userId: string;
  role: 'owner' | 'admin' | 'contributor' | 'viewer';
  expiresAt: number;
}

export type Caller = ApiKeyCaller | ExchangeCaller | MemberCaller;

/** How a caller appears when deciding authorship and visibility. */
export interface Viewer {
  isApiKey: boolean;
  userId: string | null;
  /** Owners and admins of the workspace may change and delete what others wrote, as API keys may. */
  moderates?: boolean;
}

export function viewerOf(caller: Caller): Viewer {
  if (caller.kind === 'api_key') return { isApiKey: true, userId: null };
  if (caller.kind === 'member')
    return { isApiKey: false, userId: caller.userId, moderates: caller.role === 'owner' || caller.role === 'admin' };
  return { isApiKey: false, userId: caller.userId };
}
