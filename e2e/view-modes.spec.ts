/**
 * Device classes: a pin made on a desktop-wide viewport is not shown at 600 px until the reviewer
 * asks for pins from all devices; a pin made at 600 px shows there (and not on desktop).
 */
import { test, expect } from '@playwright/test';
import { freshPath, newestThreadOn, pin, pins, postComment, signInWithPopup } from './fixtures.ts';

test('pins show on the device class they were made on, or all with the toggle', async ({ page }) => {
  const path = freshPath('view-modes');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(path);
  await signInWithPopup(page, { name: 'Vi Ewport', email: 'vi@example.com' });
  await postComment(page, page.locator('#hero-title'), 'Desktop comment');
  const desktop = await newestThreadOn(path);
  expect(desktop.viewModeId).toBe('desktop');
  await expect(pin(page, desktop.number)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show pins from all devices/ })).toHaveCount(0);

  // Narrow: the viewport crosses the tablet and mobile breakpoints; the desktop pin goes away.
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(pins(page)).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Show pins from all devices (1)' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(pin(page, desktop.number)).toBeVisible();
  await toggle.click();
  await expect(pins(page)).toHaveCount(0);

  await postComment(page, page.locator('#beans-title'), 'Mobile comment');
  const mobile = await newestThreadOn(path);
  expect(mobile.viewModeId).toBe('mobile');
  await expect(pin(page, mobile.number)).toBeVisible();
  await expect(pins(page)).toHaveCount(1);

  // Back on desktop: the mobile pin is the other device's now.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.locator('#hero-title').scrollIntoViewIfNeeded(); // pins of elements off screen are hidden
  await expect(pin(page, desktop.number)).toBeVisible();
  await expect(pin(page, mobile.number)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show pins from all devices (1)' })).toBeVisible();
});
