/**
 * Accessibility of every widget state, checked by axe-core (WCAG 2.0/2.1 A and AA) in real Chromium,
 * in the light and the dark theme: closed, sign-in panel, comment mode, composer (toolbar and the
 * mention list open), an open thread with replies, the "Comments (N)" list and the screenshot
 * annotator. axe is scoped to `<pinmark-root>` (it reads the open shadow root), so only the
 * widget's own markup counts; the demo page is checked once on its own. Also: the theme option and
 * the reduced-motion preference as the browser computes them.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { centerOf, delivered, enterCommentMode, freshPath, pins, signInWithPopup } from './fixtures.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe on the widget only; fails with a readable list of what is wrong and where. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('pinmark-root').withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`,
  );
  expect(found, `axe violations in state "${state}"`).toEqual([]);
  // Guard against a scan that saw nothing (a wrong selector passes trivially).
  expect(results.passes.length, `axe checked nothing in state "${state}"`).toBeGreaterThan(0);
}

/** Restarts the widget with a theme (the script tag's own options plus `theme`). */
async function useTheme(page: Page, theme: 'light' | 'dark' | 'system'): Promise<void> {
  await page.evaluate((theme) => {
    const script = document.querySelector<HTMLScriptElement>('script[data-public-key]')!;
    const { publicKey, markupId, apiBase } = script.dataset;
    (window as unknown as { Pinmark: { init(o: unknown): void } }).Pinmark.init({ publicKey, markupId, apiBase, theme });
  }, theme);
  await expect(page.locator('pinmark-root')).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test('every state has no axe violations', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(freshPath(`a11y-${theme}`));
      await useTheme(page, theme);

      await expectNoViolations(page, 'closed');

      await page.getByRole('button', { name: 'Add comment' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
      await expectNoViolations(page, 'sign-in panel');
      await page.keyboard.press('Escape');

      await signInWithPopup(page, { name: 'Axel Axe', email: 'axel@example.com' });
      await enterCommentMode(page);
      const heading = page.locator('#pricing-title');
      await heading.scrollIntoViewIfNeeded();
      const point = await centerOf(heading);
      // The outline follows the pointer once comment mode's part has arrived (the hint shows it).
      await expect(page.getByText('Click anything to comment · Esc to cancel')).toBeVisible();
      await page.mouse.move(point.x - 1, point.y);
      await page.mouse.move(point.x, point.y);
      await expect(page.locator('pinmark-root .pm-outline')).toBeVisible();
      await expectNoViolations(page, 'comment mode');

      await page.mouse.click(point.x, point.y);
      const composer = page.getByRole('dialog', { name: 'New comment' });
      await expect(composer).toBeVisible();
      await expect(composer.getByRole('button', { name: 'Annotate', exact: true })).toBeVisible({ timeout: 15_000 });
      await composer.getByRole('textbox', { name: 'Comment' }).click();
      await page.keyboard.type('Checked by axe, ask @Demo');
      await expect(composer.getByRole('option', { name: /Demo Owner/ })).toBeVisible();
      await expectNoViolations(page, 'composer with mention list');
      await page.keyboard.press('Enter');

      await composer.getByRole('button', { name: 'Annotate', exact: true }).click();
      const annotator = page.getByRole('dialog', { name: 'Annotate screenshot' });
      await expect(annotator).toBeVisible();
      await expectNoViolations(page, 'annotator');
      await annotator.getByRole('button', { name: 'Cancel' }).click();
      await expect(annotator).toHaveCount(0);

      await composer.getByRole('button', { name: 'Post' }).click();
      await expect(composer).toHaveCount(0);
      await delivered(page);
      await expect(pins(page)).toHaveCount(1);

      await pins(page).first().click();
      const thread = page.getByRole('dialog', { name: /^Thread \d+$/ });
      await thread.getByLabel('Write a reply').fill('A reply, so there are two messages.');
      await thread.getByRole('button', { name: 'Send reply' }).click();
      await expect(thread).toContainText('A reply, so there are two messages.');
      await expectNoViolations(page, 'thread open');
      await thread.getByRole('button', { name: 'Resolve' }).click();
      await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible();
      await expectNoViolations(page, 'thread resolved');
      await thread.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Comments (1)' }).click();
      await expect(page.getByRole('region', { name: 'Comments on this page' })).toBeVisible();
      await expectNoViolations(page, 'comment list');
    });
  });
}

test('theme "system" follows the reviewer\'s colour scheme; "dark" and "light" do not', async ({ page }) => {
  await page.goto(freshPath('a11y-system'));
  const launcherColour = () =>
    page.evaluate(
      () => getComputedStyle(document.querySelector('pinmark-root')!.shadowRoot!.querySelector('.pm-launcher')!).backgroundColor,
    );
  const light = 'rgb(79, 70, 229)';
  const dark = 'rgb(139, 149, 249)';
  await page.emulateMedia({ colorScheme: 'dark' });
  await useTheme(page, 'system');
  await expect.poll(launcherColour).toBe(dark);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(launcherColour).toBe(light);
  await useTheme(page, 'dark');
  await expect.poll(launcherColour).toBe(dark);
  await page.emulateMedia({ colorScheme: 'dark' });
  await useTheme(page, 'light');
  await expect.poll(launcherColour).toBe(light);
  // A page may still set any variable from outside, per theme too.
  // (A constructed sheet, as the demo page's CSP allows only its own nonce'd <style> elements.)
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('pinmark-root[data-theme="light"] { --pinmark-accent: rgb(0, 128, 0); }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await expect.poll(launcherColour).toBe('rgb(0, 128, 0)');
});

test('prefers-reduced-motion: nothing in the widget animates or transitions', async ({ page }) => {
  await page.goto(freshPath('a11y-motion'));
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  // A spinner and the launcher, as the browser computes them with and without the preference.
  const motion = () =>
    page.evaluate(() => {
      const root = document.querySelector('pinmark-root')!.shadowRoot!;
      const probe = document.createElement('span');
      probe.className = 'pm-spinner';
      root.querySelector('.pm-dock')!.append(probe);
      const spinner = getComputedStyle(probe);
      const launcher = getComputedStyle(root.querySelector('.pm-launcher')!);
      const result = {
        spinner: spinner.animationName,
        launcherTransition: launcher.transitionDuration,
        launcherAnimation: launcher.animationName,
      };
      probe.remove();
      return result;
    });
  expect((await motion()).spinner).toBe('pm-spin');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toEqual({ spinner: 'none', launcherTransition: '0s', launcherAnimation: 'none' });
});

test('the demo page itself has no axe violations', async ({ page }) => {
  await page.goto(freshPath('a11y-demo'));
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  const results = await new AxeBuilder({ page }).exclude('pinmark-root').withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)).toEqual([]);
});

test('the sign-in popup has no axe violations', async ({ page }) => {
  await page.goto(freshPath('a11y-popup'));
  await page.getByRole('button', { name: 'Add comment' }).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in to comment' }).click();
  const popup = await popupPromise;
  await expect(popup.getByLabel('Name')).toBeFocused();
  for (const scheme of ['light', 'dark'] as const) {
    await popup.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page: popup }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)).toEqual([]);
  }
  await popup.close();
});
