/**
 * The review app's production sign-in (issue 16) end to end: a real OIDC provider for tests
 * (e2e/oidc-provider.ts: discovery, authorize with PKCE S256, token, JWKS, userinfo) and a second
 * reference server of our own (own-server.ts) on E2E_PORT + 1 configured for it (OIDC_ISSUER, OIDC_CLIENT_ID,
 * OIDC_AUDIENCE; the development sign-in off). In Chromium: an invited person signs in through the
 * provider and lands in the inbox as a member; someone not invited is told to ask for an invitation;
 * a cancelled sign-in says so. The page's policy lets it reach the provider's token endpoint.
 */
import { test, expect } from '@playwright/test';
import { expectNoViolations } from './app-kit.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PORT = Number(process.env.E2E_PORT ?? 8788) + 1;
const ORIGIN = `http://localhost:${PORT}`;
const CLIENT_ID = 'pinmark-review-app';
const AUDIENCE = 'pinmark-e2e';

let provider: TestOidcProvider;
let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  provider = await startOidcProvider([{ clientId: CLIENT_ID, redirectUri: `${ORIGIN}/app/` }]);
  own = await startOwnServer('oidc', 1, {
    PINMARK_DEV_IDP: '0',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_AUDIENCE: AUDIENCE,
  });
  // The person to sign in is invited under the address the provider verifies.
  const invite = await fetch(`${ORIGIN}/api/v2/users/invite`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${own.seed.workspaceApiKey}`,
      'Service-API-Version': '2023-02-22',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ emails: ['olivia@example.com'] }),
  });
  expect(invite.status, await invite.text()).toBeLessThan(300);
});

test.afterAll(async () => {
  await own?.stop();
  await provider?.close();
});

test('an invited person signs in through the OIDC provider and lands in the inbox', async ({ page }) => {
  const config = await (await fetch(`${ORIGIN}/api/v2/auth/app-config`)).json();
  expect(config.data).toMatchObject({ devSignIn: false, oidc: { issuer: provider.issuer, clientId: CLIENT_ID, audience: AUDIENCE } });
  // The app trades the code at the provider's token endpoint itself: its policy must allow that origin.
  expect((await fetch(`${ORIGIN}/app/`)).headers.get('content-security-policy')).toContain(`connect-src 'self' ${provider.issuer}`);

  await page.goto(`${ORIGIN}/app/inbox?status=all`);
  const button = page.getByRole('button', { name: `Sign in with ${new URL(provider.issuer).host}` });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expectNoViolations(page, 'sign-in with a provider');
  await page.screenshot({ path: '.tmp/app-shots/sign-in-oidc-1280.png' });
  await button.click();

  // The provider's own page: the authorization request carries PKCE S256 and the state.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  const request = new URL(page.url());
  expect(request.origin).toBe(provider.issuer);
  expect(request.searchParams.get('code_challenge_method')).toBe('S256');
  expect(request.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/app/`);
  expect(request.searchParams.get('audience')).toBe(AUDIENCE);
  await page.getByLabel('Email').fill('Olivia@example.com');
  await page.getByLabel('Name').fill('Olivia Oidc');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the app, signed in, where the person was, with the code gone from the address.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Olivia Oidc')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/app/inbox');
  expect(new URL(page.url()).searchParams.get('status')).toBe('all');
  expect(page.url()).not.toContain('code=');
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pinmark-app-session')!) as { role: string; email?: string });
  expect(session.role).toBe('contributor');
  expect(provider.refusals).toEqual([]);
});

test('someone not invited is told to ask for an invitation; a cancelled sign-in says so', async ({ page }) => {
  await page.goto(`${ORIGIN}/app/`);
  await page.getByRole('button', { name: /^Sign in with / }).click();
  await page.getByLabel('Email').fill('mallory@example.com');
  await page.getByLabel('Name').fill('Mallory');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText(/not a member of any workspace/i);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'provider sign-in refused, phone width');
  await page.screenshot({ path: '.tmp/app-shots/sign-in-oidc-refused-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: /^Sign in with / }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('The identity provider refused the sign-in: The person cancelled the sign-in');
  expect(provider.refusals).toContain('access_denied: the person cancelled');
});

test('the provider holds the flow to PKCE: a wrong verifier or a reused code gets no token', async () => {
  const verifier = 'v'.repeat(43);
  const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString('base64url');
  const authorize = async () => {
    const res = await fetch(`${provider.issuer}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: `${ORIGIN}/app/`,
        scope: 'openid email',
        state: 's1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        decision: 'allow',
        email: 'olivia@example.com',
        name: 'Olivia',
      }),
    });
    return new URL(res.headers.get('location')!).searchParams.get('code')!;
  };
  const token = (code: string, codeVerifier: string) =>
    fetch(`${provider.issuer}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: CLIENT_ID,
        redirect_uri: `${ORIGIN}/app/`,
        code_verifier: codeVerifier,
      }),
    });
  const wrong = await token(await authorize(), 'w'.repeat(43));
  expect(wrong.status).toBe(400);
  expect((await wrong.json()).error_description).toBe('PKCE verification failed');
  const code = await authorize();
  const good = await token(code, verifier);
  expect(good.status).toBe(200);
  const { access_token: accessToken } = (await good.json()) as { access_token: string };
  expect((await token(code, verifier)).status).toBe(400);
  const info = await fetch(`${provider.issuer}/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(await info.json()).toMatchObject({ email: 'olivia@example.com', email_verified: true });
  // Plain method or no challenge at all is refused at the authorization endpoint.
  const plain = await fetch(
    `${provider.issuer}/authorize?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${ORIGIN}/app/`)}&scope=openid&state=x&code_challenge=${challenge}&code_challenge_method=plain`,
  );
  expect(plain.status).toBe(400);
});
