/**
 * Languages in the real widget: German from the `locale` option (the table is a lazy chunk loaded
 * before the launcher shows), German dates and relative times, a host's override of one string, a
 * readable error for a mistyped override, English again after destroy, and a right-to-left locale
 * mirroring the widget's own layout (demo/lab/german.html; `?locale=` picks another locale).
 */
import { test, expect, type Page } from '@playwright/test';
import { delivered, freshPath, serverThreadsOn } from './fixtures.ts';

/** The widget's root element inside its shadow root (`lang` and `dir` are set there). */
const root = (page: Page) => page.locator('pinmark-root .pm');

/** Re-inits the page's widget with its own options plus `extra` (a host changing its mind). */
async function reinit(page: Page, extra: Record<string, unknown>): Promise<void> {
  await page.evaluate((more) => {
    const w = window as unknown as { Pinmark: { init(o: unknown): void }; pinmarkOptions: Record<string, unknown> };
    w.Pinmark.init({ ...w.pinmarkOptions, ...more });
  }, extra);
}

test('German: sign-in, composer, thread panel and times in German', async ({ page }) => {
  // A fake clock that runs normally until fast-forwarded, to see "vor 5 Min." without waiting.
  await page.clock.install();
  const path = freshPath('german', '/lab/german.html');
  await page.goto(path);
  const launcher = page.getByRole('button', { name: 'Kommentar hinzufügen' });
  await expect(launcher).toBeVisible();
  await expect(root(page)).toHaveAttribute('lang', 'de');
  await expect(root(page)).toHaveAttribute('dir', 'ltr');
  // Left to right: the launcher is in the bottom-right corner.
  const viewport = page.viewportSize()!;
  expect((await launcher.boundingBox())!.x).toBeGreaterThan(viewport.width / 2);

  await launcher.click();
  await expect(page.getByText('Melde dich an, um diese Seite zu kommentieren.')).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Zum Kommentieren anmelden' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Name').fill('Greta Gründlich');
  await popup.getByLabel('Email').fill('greta@example.com');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;

  if ((await launcher.getAttribute('aria-pressed')) !== 'true') await launcher.click();
  await expect(launcher).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Klicke auf etwas, um es zu kommentieren · Esc zum Abbrechen')).toBeVisible();
  const card = page.locator('#lang-card');
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 4, box.y + box.height / 2);

  const composer = page.getByRole('dialog', { name: 'Neuer Kommentar' });
  await expect(composer).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  await expect(composer.getByRole('toolbar', { name: 'Formatierung' })).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Fett' })).toHaveAttribute('title', /^Fett \((Strg\+B|⌘B)\)$/);
  await expect(composer.getByText('Strg+Enter zum Senden')).toBeVisible();
  await composer.getByLabel('Kommentar', { exact: true }).fill('Die Lieferung kommt am Mittwoch, nicht am Dienstag.');
  await composer.getByRole('button', { name: 'Senden' }).click();
  await expect(composer).toHaveCount(0);
  await expect.poll(async () => (await serverThreadsOn(page.url())).length, { timeout: 15_000 }).toBe(1);
  await expect(page.getByRole('button', { name: /^Neuer Kommentar, (wird gesendet|nicht gesendet)$/ })).toHaveCount(0, { timeout: 15_000 });
  await delivered(page);

  const [thread] = await serverThreadsOn(page.url());
  await page.getByRole('button', { name: `Thread ${thread!.number}`, exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Thread ${thread!.number}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Die Lieferung kommt am Mittwoch, nicht am Dienstag.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Erledigen' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Antwort schreiben' })).toBeVisible();
  const time = panel.locator('time').first();
  await expect(time).toHaveText('gerade eben');
  // The exact time on hover, in German order: "21.11.2026, 14:05".
  await expect(time).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await page.clock.fastForward('05:00');
  await expect(time).toHaveText('vor 5 Min.');
});

test('a host overrides one string over German; a mistyped override fails readably; destroy brings English back', async ({ page }) => {
  await page.goto(freshPath('german-override', '/lab/german.html'));
  await expect(page.getByRole('button', { name: 'Kommentar hinzufügen' })).toBeVisible();

  await reinit(page, { strings: { launcher: { addComment: 'Feedback geben' } } });
  const launcher = page.getByRole('button', { name: 'Feedback geben' });
  await expect(launcher).toBeVisible();
  await launcher.click();
  // Everything not overridden is still German.
  await expect(page.getByRole('button', { name: 'Zum Kommentieren anmelden' })).toBeVisible();

  const message = await page.evaluate(() => {
    const w = window as unknown as {
      Pinmark: { init(o: unknown): void; on(e: string, h: (p: { message?: string }) => void): () => void };
      pinmarkOptions: Record<string, unknown>;
    };
    let said = '';
    const off = w.Pinmark.on('error', (problem) => (said = problem.message ?? ''));
    w.Pinmark.init({ ...w.pinmarkOptions, strings: { launcher: { addComment: 42 } } });
    off();
    return said;
  });
  expect(message).toBe('Option "strings.launcher.addComment" must be a string, got a number.');
  await expect(page.locator('pinmark-root')).toHaveCount(0);

  await page.evaluate(() => {
    const w = window as unknown as { Pinmark: { init(o: unknown): void; destroy(): void }; pinmarkOptions: Record<string, unknown> };
    w.Pinmark.destroy();
    w.Pinmark.init({ ...w.pinmarkOptions, locale: undefined });
  });
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  await expect(root(page)).toHaveAttribute('lang', /^en/);
});

test('a right-to-left locale mirrors the widget: launcher and panel on the left', async ({ page }) => {
  await page.goto(`${freshPath('rtl-locale', '/lab/german.html')}&locale=ar`);
  // No Arabic table: English words, right-to-left layout…
  const english = page.getByRole('button', { name: 'Add comment' });
  await expect(english).toBeVisible();
  await expect(root(page)).toHaveAttribute('dir', 'rtl');
  await expect(root(page)).toHaveAttribute('lang', 'ar');
  // …and the host's own words where it passes them.
  await reinit(page, { strings: { launcher: { addComment: 'أضف تعليقًا' }, signIn: { button: 'سجّل الدخول للتعليق' } } });
  const launcher = page.getByRole('button', { name: 'أضف تعليقًا' });
  await expect(launcher).toBeVisible();
  await expect(root(page)).toHaveAttribute('dir', 'rtl');

  const viewport = page.viewportSize()!;
  const spot = (await launcher.boundingBox())!;
  expect(spot.x).toBeLessThan(viewport.width / 2);
  expect(Math.round(spot.x)).toBe(20);
  // The page itself is untouched: our direction comes from the locale, not the other way round.
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr');

  await launcher.click();
  const signIn = page.getByRole('button', { name: 'سجّل الدخول للتعليق' });
  await expect(signIn).toBeVisible();
  const panel = page.locator('pinmark-root .pm-panel').first();
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeLessThan(viewport.width / 2);
  expect(await panel.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});
