/**
 * The review app's metrics view (issue 16, second slice) against the real server: figures for the
 * last 30 days (totals, per person, per site as charts and tables), the presets and a custom range
 * in the URL, a bad custom range refused with a reason; axe in both themes and at 390 px.
 * Screenshots for a human look go to .tmp/app2-shots/.
 */
import { test, expect, type Page } from '@playwright/test';
import { createThreadViaApi, expectNoViolations, signInToApp as signIn } from './app-kit.ts';

test.describe.configure({ timeout: 60_000 });
const SHOTS = '.tmp/app2-shots';

/** A thread by the API key and a reply by a member, so both tables have a row. */
async function someActivity(page: Page): Promise<void> {
  const data = await createThreadViaApi({ message: 'Metrics case', path: '/metrics-case.html', elementPath: 'main' });
  await page.goto(`/app/inbox/${data.id}`);
  await page.getByRole('textbox', { name: 'Reply' }).click();
  await page.keyboard.type('Counted');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('article').getByText('Counted')).toBeVisible();
}

test('metrics for the last 30 days, a preset and a custom range', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'Max Metrics', '/app/');
  await someActivity(page);
  await page.getByRole('link', { name: 'Metrics', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  const people = page.getByRole('region', { name: 'Per person' });
  await expect(people.getByRole('rowheader', { name: 'Max Metrics' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Per site' }).getByRole('rowheader', { name: 'Pinmark demo site' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/metrics-1280-light.png`, fullPage: true });
  await expectNoViolations(page, 'metrics, light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoViolations(page, 'metrics, dark');
  await page.screenshot({ path: `${SHOTS}/metrics-1280-dark.png`, fullPage: true });

  await page.getByText('Last 7 days').click();
  await expect(page).toHaveURL(/\/app\/metrics\?days=7$/);
  await expect(people.getByRole('rowheader', { name: 'Max Metrics' })).toBeVisible();

  await page.getByText('Custom', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('2024-02-10');
  await page.getByLabel('To', { exact: true }).fill('2024-02-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('The end must not be before the start');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('No activity in this range.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('2020-01-01 – 2020-01-31 (UTC)')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the metrics view by touch', async ({ page }) => {
    await signIn(page, 'Mia Mobile', '/app/');
    await someActivity(page);
    await page.goto('/app/metrics');
    await expect(page.getByRole('region', { name: 'Per site' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/metrics-390.png`, fullPage: true });
    await expectNoViolations(page, 'phone metrics');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
