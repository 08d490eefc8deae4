/**
 * A client made `withCredential` owns the session: it sends the token, renews once on a 401 (one
 * renewal for every request refused meanwhile) and asks again; requests with their own bearer
 * (the sign-in exchanges) never renew. Node is enough: only `fetch` and timers are involved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { natives } from '../util/natives';
import { createApiClient, type ApiCredential } from './client';

// The realm's JSON, found before `window` is replaced by the stand-in below.
natives();

const unauthorized = () => new Response(JSON.stringify({ error: { code: 'token_expired', message: 'expired' } }), { status: 401 });
const ok = () => new Response(JSON.stringify({ data: { id: 'm-1' } }), { status: 200 });

describe('withCredential', () => {
  let token: string;
  let credential: ApiCredential & { handleUnauthorized: ReturnType<typeof vi.fn> };
  const seen: Array<string | null> = [];

  beforeEach(() => {
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    token = 'old';
    seen.length = 0;
    credential = {
      token: () => token,
      handleUnauthorized: vi.fn(async () => {
        token = 'new';
        return true;
      }),
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  /** A server that refuses the old token. */
  const fetch = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const auth = new Headers(init.headers).get('Authorization');
    seen.push(auth);
    return auth === 'Bearer old' ? unauthorized() : ok();
  });

  it('renews once for requests refused together, and sends each again with the new token', async () => {
    const api = createApiClient({ apiBase: 'https://feedback.test', fetch }).withCredential(credential);
    const results = await Promise.all([api.getMarkup('m-1'), api.getMarkup('m-1')]);
    expect(results).toEqual([{ id: 'm-1' }, { id: 'm-1' }]);
    expect(credential.handleUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer old', 'Bearer old', 'Bearer new', 'Bearer new']);
  });

  it('gives up with the 401 when renewal fails, and asks only once', async () => {
    credential.handleUnauthorized.mockResolvedValue(false);
    const api = createApiClient({ apiBase: 'https://feedback.test', fetch }).withCredential(credential);
    await expect(api.getMarkup('m-1')).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    expect(seen).toEqual(['Bearer old']);
  });

  it('never renews a request that carries its own bearer, nor one of a client without a credential', async () => {
    const plain = createApiClient({ apiBase: 'https://feedback.test', fetch });
    const api = plain.withCredential(credential);
    await expect(api.sdkExchange('old', { publicKey: 'pk', markupId: 'm-1', sdkOrigin: 'https://site.test' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(plain.getMarkup('m-1')).resolves.toEqual({ id: 'm-1' });
    expect(credential.handleUnauthorized).not.toHaveBeenCalled();
    expect(seen).toEqual(['Bearer old', null]);
  });
});
