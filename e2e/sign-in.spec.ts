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
  const { apiBase, publicKey, markupId } = demo();
  const origin = 'http://shop.pinmark.test';
  const path = freshPath('cross-origin', '/product');
  // The host page is the customer's site on its own origin; the widget talks to the real server.
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Shop</title></head><body style="font:16px sans-serif;padding:40px">
        <h1 id="product-title">Espresso grinder</h1><p id="product-text">Burr grinder with 40 settings.</p>
        <script async src="${apiBase}/widget/pinmark.js" data-public-key="${publicKey}" data-markup-id="${markupId}" data-api-base="${apiBase}"></script>
      </body></html>`,
    }),
  );
  await page.goto(origin + path);
  await signInWithPopup(page, { name: 'Otto Origin', email: 'otto@example.com' });
  await postComment(page, page.locator('#product-title'), 'Price missing');
  await expect(pins(page)).toHaveCount(1);
  const [thread] = await serverThreadsOn(path);
  expect(thread?.canonicalUrl).toBe(origin + path);
  expect(thread?.user.name).toBe('Otto Origin');
});
