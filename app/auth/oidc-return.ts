/**
 * Whether this address is the identity provider sending the browser back (a code or an error, with
 * a state): the one check every page load makes, kept apart from the rest of the OIDC flow
 * (pkce.ts), which loads only when someone signs in through the provider.
 */
export function isOidcReturn(location: { search: string }): boolean {
  const query = new URLSearchParams(location.search);
  return query.has('state') && (query.has('code') || query.has('error'));
}
