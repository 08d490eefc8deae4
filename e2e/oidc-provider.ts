/**
 * A small but real OpenID Connect provider for the end-to-end tests (issue 16: the review app's
 * production sign-in), built on `jose` and node:http: discovery, an authorization endpoint with a
 * sign-in form (the authorization code flow; public clients must use PKCE with S256), a token
 * endpoint that checks the code, the client, the redirect address and the code verifier, JWKS and
 * userinfo. Access tokens are ES256 JWTs typed `at+jwt`, as the server's verifier requires.
 *
 * Every refusal is recorded in `refusals`, so a test can tell a provider's "no" from a bug.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';

export interface OidcClient {
  clientId: string;
  redirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** What the provider refused and why (`invalid_request: …`, `invalid_grant: …`). */
  refusals: string[];
  close(): Promise<void>;
}

interface Grant {
  client: OidcClient;
  challenge: string;
  scope: string;
  audience: string;
  user: { sub: string; name: string; email: string };
  expiresAt: number;
}

const CODE_LIFETIME_MS = 60_000;
const TOKEN_LIFETIME_S = 300;

const base64Url = (data: Buffer) => data.toString('base64url');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

/** The provider's sign-in page: who is signing in (a verified address of theirs), or cancel. */
function signInPage(hidden: Record<string, string>): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1>
<form method="post" action="/authorize">${fields}
<p><label>Email <input name="email" type="email" required autocomplete="email"></label></p>
<p><label>Name <input name="name" required autocomplete="name"></label></p>
<p><button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></p>
</form></main></body></html>`;
}

export async function startOidcProvider(clients: OidcClient[]): Promise<TestOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = base64Url(randomBytes(8));
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const refusals: string[] = [];
  let issuer = '';

  const refuse = (res: ServerResponse, status: number, error: string, description: string, json = true) => {
    refusals.push(`${error}: ${description}`);
    if (json)
      send(res, status, JSON.stringify({ error, error_description: description }), 'application/json', {
        'Access-Control-Allow-Origin': '*',
      });
    else
      send(res, status, `<!doctype html><title>Refused</title><h1>${escapeHtml(error)}</h1><p>${escapeHtml(description)}</p>`, 'text/html');
  };

  /** The authorization request's parameters checked; the client, or a refusal already sent. */
  const checkRequest = (res: ServerResponse, params: URLSearchParams): OidcClient | null => {
    const bad = (error: string, description: string) => {
      refuse(res, 400, error, description, false);
      return null;
    };
    const client = clients.find((c) => c.clientId === params.get('client_id'));
    // Never redirect to an address that is not the client's: refuse on the page instead.
    if (!client) return bad('invalid_request', 'unknown client_id');
    if (params.get('redirect_uri') !== client.redirectUri) return bad('invalid_request', 'redirect_uri is not registered');
    if (params.get('response_type') !== 'code') return bad('unsupported_response_type', 'only code');
    if (params.get('code_challenge_method') !== 'S256') return bad('invalid_request', 'PKCE with S256 is required');
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.get('code_challenge') ?? '')) return bad('invalid_request', 'code_challenge malformed');
    if (!params.get('state')) return bad('invalid_request', 'state is required');
    if (!(params.get('scope') ?? '').split(' ').includes('openid')) return bad('invalid_scope', 'openid is required');
    return client;
  };

  const back = (client: OidcClient, query: Record<string, string>) => {
    const url = new URL(client.redirectUri);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.href;
  };

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (form.get('grant_type') !== 'authorization_code') return refuse(res, 400, 'unsupported_grant_type', 'only authorization_code');
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code); // A code is good once, whatever happens next.
    if (!grant || grant.expiresAt < Date.now()) return refuse(res, 400, 'invalid_grant', 'unknown, used or expired code');
    if (form.get('client_id') !== grant.client.clientId) return refuse(res, 400, 'invalid_grant', 'the code was issued to another client');
    if (form.get('redirect_uri') !== grant.client.redirectUri) return refuse(res, 400, 'invalid_grant', 'redirect_uri differs');
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || base64Url(createHash('sha256').update(verifier).digest()) !== grant.challenge)
      return refuse(res, 400, 'invalid_grant', 'PKCE verification failed');
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...grant.user, email_verified: true, client_id: grant.client.clientId, scope: grant.scope };
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
      .setIssuer(issuer)
      .setSubject(grant.user.sub)
      .setAudience(grant.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_LIFETIME_S)
      .setJti(base64Url(randomBytes(12)))
      .sign(privateKey);
    const body = { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, scope: grant.scope };
    send(res, 200, JSON.stringify(body), 'application/json', { 'Access-Control-Allow-Origin': '*' });
  }

  async function userinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    try {
      const { payload } = await jwtVerify(bearer ?? '', publicKey, { issuer, typ: 'at+jwt' });
      const { sub, name, email, email_verified } = payload;
      send(res, 200, JSON.stringify({ sub, name, email, email_verified }), 'application/json', { 'Access-Control-Allow-Origin': '*' });
    } catch {
      refusals.push('invalid_token: userinfo');
      send(res, 401, '', 'text/plain', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Content-Type, Authorization',
      });
      return void res.end();
    }
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      const discovery = {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        scopes_supported: ['openid', 'profile', 'email'],
      };
      return send(res, 200, JSON.stringify(discovery), 'application/json', { 'Access-Control-Allow-Origin': '*' });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, JSON.stringify({ keys: [jwk] }), 'application/json');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      if (!checkRequest(res, url.searchParams)) return;
      return send(res, 200, signInPage(Object.fromEntries(url.searchParams)), 'text/html; charset=utf-8');
    }
    if (req.method === 'POST' && url.pathname === '/authorize') {
      const form = await readForm(req);
      const client = checkRequest(res, form);
      if (!client) return;
      const state = form.get('state')!;
      if (form.get('decision') !== 'allow') {
        refusals.push('access_denied: the person cancelled');
        return send(res, 302, '', 'text/plain', {
          Location: back(client, { error: 'access_denied', error_description: 'The person cancelled the sign-in', state }),
        });
      }
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const code = base64Url(randomBytes(24));
      grants.set(code, {
        client,
        challenge: form.get('code_challenge')!,
        scope: form.get('scope')!,
        audience: form.get('audience') || client.clientId,
        user: {
          sub: `user-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
          name: (form.get('name') ?? '').trim(),
          email,
        },
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      return send(res, 302, '', 'text/plain', { Location: back(client, { code, state }) });
    }
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    if (req.method === 'GET' && url.pathname === '/userinfo') return userinfo(req, res);
    send(res, 404, 'not found', 'text/plain');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, String(error), 'text/plain'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
