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
}

export type Caller = ApiKeyCaller | ExchangeCaller;

/** How a caller appears when deciding authorship and visibility. */
export interface Viewer {
  isApiKey: boolean;
  userId: string | null;
}

export function viewerOf(caller: Caller): Viewer {
  return caller.kind === 'api_key' ? { isApiKey: true, userId: null } : { isApiKey: false, userId: caller.userId };
}
