import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { createFakeService } from './testing/fake-service';
import { signInViaStorage, startWidget, type Harness } from './testing/harness';

let harness: Harness | null = null;
let fixture: HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  fixture = document.createElement('div');
  fixture.innerHTML = `<h1 id="headline" style="margin:40px;width:400px;height:60px">Welcome</h1>`;
  document.body.append(fixture);
});

afterEach(() => {
  harness?.stop();
  harness = null;
  fixture.remove();
});

const exchange = (name = '') => ({
  exchangeToken: 'pmx_silent',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  workspaceId: 'w',
  userId: 'u7',
  markupRole: { slug: 'reviewer', name: 'Reviewer', scopes: ['create-thread'] },
  ...(name ? { name } : {}),
});

describe('silent sign-in with a customer token', () => {
  it('signs in at start without a panel, and a launcher click during sign-in enters comment mode once done', async () => {
    const service = createFakeService();
    const real = service.fetch;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let exchangeBody: unknown;
    service.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/exchange')) {
        exchangeBody = JSON.parse(String(init?.body));
        await gate;
        return new Response(JSON.stringify({ data: exchange() }), { status: 200 });
      }
      return real(input, init);
    }) as typeof fetch;
    const payload = btoa(JSON.stringify({ sub: 'cust-1', name: 'Mia Customer' }));
    const startup = startWidget(service, { getCustomerToken: () => Promise.resolve(`h.${payload}.s`) });

    const launcher = page.getByRole('button', { name: 'Add comment' });
    await launcher.click();
    await expect.element(page.getByText('Signing you in…')).toBeVisible();
    expect(page.getByRole('button', { name: 'Sign in to comment' }).query()).toBeNull();
    release();
    harness = await startup;
    await expect.element(launcher).toHaveAttribute('aria-pressed', 'true');
    expect(exchangeBody).toEqual({ token: `h.${payload}.s` });
    expect(service.requests.find((r) => r.path === '/markups/m1')!.headers.Authorization).toBe('Bearer pmx_silent');
    expect(JSON.parse(sessionStorage.getItem('pinmark:session:pk_test:m1')!)).toMatchObject({ name: 'Mia Customer', userId: 'u7' });
  });
});

describe('an expired session', () => {
  it('keeps the comment in the outbox, explains, and offers to sign in again', async () => {
    signInViaStorage();
    harness = await startWidget();
    const signedOut = vi.fn();
    harness.pinmark.on('signedOut', signedOut);
    harness.service.failNext('POST', '/threads', 401, 'token_expired', 'Exchange token expired');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    const composer = page.getByRole('dialog', { name: 'New comment' });
    await composer.getByRole('textbox', { name: 'Comment' }).fill('Precious words');
    await composer.getByRole('button', { name: 'Post' }).click();
    // The comment waits in the outbox (its pin shows) until the reviewer signs in again.
    await expect.element(page.getByRole('button', { name: 'New comment, sending' })).toBeVisible();
    await expect.element(page.getByText(/session expired/i)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();
    expect(signedOut).toHaveBeenCalledWith({ expired: true });
    expect(sessionStorage.getItem('pinmark:session:pk_test:m1')).toBeNull();
  });
});
