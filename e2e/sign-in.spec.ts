/**
 * The other ways in: a customer-signed JWT exchanged silently, and the popup flow from a host page on
 * another origin (the usual case: the customer's site is not the API's origin).
 */
import { test, expect } from '@playwright/test';
import { demo, freshPath, pins, postComment, serverThreadsOn, signInWithPopup } from './fixtures.ts';

test('identified user: customer JWT is exchanged silently, comments are attributed', async ({ page }) => {
  const path = freshPath('identified', '/identified.html');
  await page.goto(path);
  const launcher = page.getByRole('button', { name: 'Add comment' });
  await expect(launcher).toBeVisible();
  await launcher.click();
  // No sign-in panel: the customer token already signed Mia in.
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toHaveCount(0);
  await postComment(page, page.locator('#order-card'), 'Wrong delivery day');
  await expect(pins(page)).toHaveCount(1);
  const [thread] = await serverThreadsOn(path);
  expect(thread?.user.name).toBe('Mia Customer');
});

test('popup sign-in from a host page on another origin', async ({ page }) => {
  // The demo page served from 127.0.0.1 is a different origin from the API and widget on localhost:
  // CORS, the popup's postMessage target and the result's origin check all work across origins.
  const api = new URL(demo().apiBase);
  const hostOrigin = `http://127.0.0.1:${api.port}`;
  const path = freshPath('cross-origin');
  await page.goto(hostOrigin + path);
  expect(await page.evaluate(() => location.origin)).not.toBe(api.origin);
  await signInWithPopup(page, { name: 'Otto Origin', email: 'otto@example.com' });
  await postComment(page, page.locator('#hero-title'), 'Price missing');
  await expect(pins(page)).toHaveCount(1);
  const [thread] = await serverThreadsOn(path);
  expect(new URL(thread!.canonicalUrl).origin).toBe(hostOrigin);
  expect(thread?.user.name).toBe('Otto Origin');
});

test('the sign-in window cannot be sent before its script is there, and works once it is', async ({ page, context }) => {
  // A quick hand (or a slow script): pressed before sign-in.js arrived, the form used to be submitted
  // natively, refused by the page's CSP, and the window did nothing at all.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/sign-in.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(freshPath('sign-in-early'));
  await page.getByRole('button', { name: 'Add comment' }).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in to comment' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Quinn Quick');
  await popup.getByLabel('Email').fill('quinn@example.com');
  await expect(popup.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  release();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toHaveCount(0);
});

test('host-supplied identity-provider token is exchanged through the SDK exchange', async ({ page }) => {
  const path = freshPath('identity-token', '/manual.html');
  await page.goto(path);
  await page.waitForFunction(() => typeof (window as any).Pinmark?.init === 'function');
  // The host already has an access token from its identity provider (here: the built-in dev IdP).
  await page.evaluate(() => {
    const w = window as any;
    w.Pinmark.init({
      ...w.pinmarkDemoConfig,
      getIdentityToken: () =>
        fetch('/idp/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Ida Token', email: 'ida@example.com' }),
        })
          .then((r) => r.json())
          .then((b) => b.accessToken),
    });
  });
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toHaveCount(0);
  await postComment(page, page.locator('#manual-title'), 'Signed in by the host');
  await expect(pins(page)).toHaveCount(1);
  const [thread] = await serverThreadsOn(path);
  expect(thread?.user.name).toBe('Ida Token');
});

test('a page on an origin the installation does not allow: the reviewer is told before any form, the site owner by error and console', async ({
  page,
}) => {
  // [::1] is this machine (a secure context, like localhost) but not among the demo's allowed origins.
  const api = new URL(demo().apiBase);
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await page.goto(`http://[::1]:${api.port}${freshPath('origin-refused')}`);
  await page.waitForFunction(() => typeof (window as any).Pinmark?.on === 'function');
  await page.evaluate(() => {
    const w = window as any;
    w.__errors = [];
    w.Pinmark.on('error', (problem: { code: string }) => w.__errors.push(problem.code));
  });
  const popups: unknown[] = [];
  page.on('popup', (popup) => popups.push(popup));
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByRole('alert')).toContainText('Feedback is not set up for this site yet');
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => (window as any).__errors)).toEqual(['sign_in_origin_not_allowed']);
  expect(warnings.join('\n')).toContain(`http://[::1]:${api.port} is not an allowed origin`);
  expect(popups).toHaveLength(0);
});
