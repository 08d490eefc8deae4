/**
 * Test-only: adds the customer-token exchange (`POST /auth/exchange`) to a FakeService, for
 * identify() and silent sign-in: a token `tok-<user>` becomes the exchange token `pmx_<user>` of
 * user `<user>`. `refuse` makes the exchange fail; `blockPosts` answers 503 to new threads (they
 * wait in the outbox).
 */
import type { FakeService } from './fake-service';

export function withExchange(service: FakeService, control: { refuse?: boolean; blockPosts?: boolean } = {}) {
  const real = service.fetch;
  service.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/auth/exchange')) {
      const { token } = JSON.parse(String(init?.body)) as { token: string };
      service.requests.push({ method: 'POST', path: '/auth/exchange', query: new URLSearchParams(), headers: {}, body: { token } });
      if (control.refuse) return json({ error: { code: 'invalid_token', message: 'Bad customer token' } }, 401);
      const user = token.replace(/^tok-/, '');
      const expiresAt = new Date(Date.now() + 3600_000).toISOString();
      return json({
        data: { exchangeToken: `pmx_${user}`, expiresAt, workspaceId: 'w', userId: user, name: `User ${user}`, markupRole: {} },
      });
    }
    if (control.blockPosts && url.endsWith('/threads') && init?.method === 'POST') {
      service.requests.push({
        method: 'POST',
        path: '/threads',
        query: new URLSearchParams(),
        headers: (init.headers ?? {}) as Record<string, string>,
        body: null,
      });
      return json({ error: { code: 'unavailable', message: 'Try later' } }, 503);
    }
    return real(input, init);
  }) as typeof fetch;
  return service;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
