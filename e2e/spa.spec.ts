/**
 * A single-page app (demo/lab/spa.html) that changes views with history.pushState to ?view=… of the
 * same page and renders each view a moment later: the new view's pins appear, the old view's go,
 * the back button brings them back, and a reload lands on the same pins.
 */
import { test, expect } from '@playwright/test';
import {
  centerOf,
  expectNear,
  freshPath,
  newestThreadOn,
  pin,
  pins,
  postComment,
  serverThreadsOn,
  signInWithPopup,
  spotOf,
} from './fixtures.ts';

test('pushState to another view swaps the pins; back and reload restore them', async ({ page }) => {
  const path = freshPath('spa', '/lab/spa.html');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Spa Reviewer', email: 'spa@example.com' });

  const homeTitle = page.locator('#home-title');
  await expect(homeTitle).toBeVisible();
  await postComment(page, homeTitle, 'Say hello properly', { x: 0.3, y: 0.5 });
  const home = await newestThreadOn(path);
  await expect(pin(page, home.number)).toBeVisible();

  await page.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/view=pricing/);
  await expect(pins(page)).toHaveCount(0);
  const pricingTitle = page.locator('#pricing-title');
  await expect(pricingTitle).toBeVisible();
  await postComment(page, pricingTitle, 'Show yearly prices', { x: 0.6, y: 0.5 });
  const pricingPath = new URL(page.url()).pathname + new URL(page.url()).search;
  const pricing = await newestThreadOn(pricingPath);
  expect(pricing.number).not.toBe(home.number);
  expect(new URL(pricing.canonicalUrl).searchParams.get('view')).toBe('pricing');
  await expect(pins(page)).toHaveCount(1);
  await expect(pin(page, pricing.number)).toBeVisible();

  // Back: the home view renders again (late), its pin returns on its element; the pricing pin is gone.
  await page.goBack();
  await expect(page).not.toHaveURL(/view=pricing/);
  await expect(pin(page, home.number)).toBeVisible();
  await expect(pin(page, pricing.number)).toHaveCount(0);
  await expectNear(
    () => centerOf(pin(page, home.number)),
    () => spotOf(homeTitle, { x: 0.3, y: 0.5 }),
  );

  // Forward, then a reload of the pricing view's URL shows the pricing pin.
  await page.goForward();
  await expect(pin(page, pricing.number)).toBeVisible();
  await expect(pin(page, home.number)).toHaveCount(0);
  await page.reload();
  await expect(pin(page, pricing.number)).toBeVisible();
  await expectNear(
    () => centerOf(pin(page, pricing.number)),
    () => spotOf(pricingTitle, { x: 0.6, y: 0.5 }),
  );
  expect((await serverThreadsOn(path)).map((t) => t.number)).toContain(home.number);
});
