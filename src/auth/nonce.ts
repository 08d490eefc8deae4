/** 128 random bits as base64url (22 characters): the `state` that ties a popup sign-in to this tab. */
export function createStateNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `name` claim of a JWT, read without verification — only ever used as a display name. */
export function jwtDisplayName(token: string): string {
  try {
    const payload = token.split('.')[1];
    if (!payload) return '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const text = new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(text);
    const name = typeof claims === 'object' && claims !== null ? (claims as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name.slice(0, 200) : '';
  } catch {
    return '';
  }
}
