/**
 * The review app's workspace (issue 16, second slice) against the real server: an admin creates a
 * folder and a webpage markup from a URL, reads its installation snippet, allows its origin (and is
 * told why a bad one is refused), renames, archives and restores it, deletes the folder; a
 * contributor reads the same views without any change control; unknown ids say so. axe in both
 * themes and at 390 px. Screenshots for a human look go to .tmp/app2-shots/.
 */
import { test, expect, type Page } from '@playwright/test';
import { expectNoViolations, setTheme, signInToApp, uniqueWord as token } from './app-kit.ts';
import { demo } from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });
const SHOTS = '.tmp/app2-shots';

const signIn = (page: Page, name: string, path = '/app/workspace') => signInToApp(page, name, path);

const items = (page: Page) => page.getByRole('list', { name: 'Folders and sites' });

test('an admin builds the workspace: folder, markup from a URL, snippet, origin, rename, archive, restore, delete', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  const word = token();
  await signIn(page, 'Ada Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'All sites' })).toBeVisible();

  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill(`Clients ${word}`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Created “Clients ${word}”.` })).toBeVisible();
  await items(page)
    .getByRole('link', { name: `Clients ${word}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Clients ${word}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'All sites' })).toBeVisible();

  await page.getByRole('button', { name: 'New webpage markup' }).click();
  await page.getByLabel('Page URL').fill(`https://shop-${word}.example.com/cart`);
  await page.getByLabel('Name (optional)').fill(`Shop ${word}`);
  await page.getByRole('button', { name: 'Create', exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Shop ${word}` })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/markups\/[0-9a-f-]{36}$/);
  const markupId = page.url().split('/').pop()!;
  const snippet = page.getByLabel('Installation snippet');
  await expect(snippet).toContainText(`data-markup-id="${markupId}"`);
  await expect(snippet).toContainText(`data-public-key="${demo().publicKey}"`);
  await expect(snippet).toContainText(`src="${demo().apiBase}/widget/pinmark.js"`);
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`data-markup-id="${markupId}"`);

  // A bad origin is refused with the server's reason, and the text stays.
  const origins = page.getByRole('list', { name: 'Allowed origins' });
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue(`https://shop-${word}.example.com`);
  await page.getByLabel('Origin', { exact: true }).fill('ftp://nope');
  await page.getByRole('button', { name: 'Allow origin' }).click();
  await expect(page.getByRole('alert')).toContainText(/origin/i);
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue('ftp://nope');
  await page.getByLabel('Origin', { exact: true }).fill(`https://shop-${word}.example.com/any/page`);
  await page.getByRole('button', { name: 'Allow origin' }).click();
  await expect(origins.getByText(`https://shop-${word}.example.com`, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/markup-1280-light.png`, fullPage: true });
  await expectNoViolations(page, 'markup page, light');
  await setTheme(page, 'dark');
  await expectNoViolations(page, 'markup page, dark');
  await page.screenshot({ path: `${SHOTS}/markup-1280-dark.png`, fullPage: true });
  await setTheme(page, 'light');

  await page.getByRole('link', { name: '← Workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Clients ${word}` })).toBeVisible();
  const actions = page.getByRole('group', { name: `Actions for Shop ${word}` });
  await actions.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('New name').fill(`Storefront ${word}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(items(page).getByRole('link', { name: `Storefront ${word}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/workspace-1280-light.png` });
  await expectNoViolations(page, 'workspace, light');
  await setTheme(page, 'dark');
  await expectNoViolations(page, 'workspace, dark');
  await page.screenshot({ path: `${SHOTS}/workspace-1280-dark.png` });
  await setTheme(page, 'light');

  await page
    .getByRole('group', { name: `Actions for Storefront ${word}` })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(page.getByText('This folder is empty.')).toBeVisible();
  await page.getByRole('link', { name: 'Show the archive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
  await page
    .getByRole('group', { name: `Actions for Storefront ${word}` })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(items(page).getByRole('link', { name: `Storefront ${word}` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the folders' }).click();
  await items(page)
    .getByRole('link', { name: `Clients ${word}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Clients ${word}` })).toBeVisible();
  await expect(items(page).getByRole('link', { name: `Storefront ${word}` })).toBeVisible();

  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'All sites' }).click();
  await page
    .getByRole('group', { name: `Actions for Clients ${word}` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(items(page).getByRole('link', { name: `Clients ${word}` })).toHaveCount(0);
});

test('unknown folder and markup ids say so and lead back', async ({ page }) => {
  await signIn(page, 'Uli Unknown', '/app/workspace/folders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('This folder does not exist or was deleted.');
  await page.goto('/app/markups/not-a-markup');
  await expect(page.getByRole('alert')).toContainText('This site does not exist or was deleted.');
  await page.getByRole('link', { name: 'Back to the folders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All sites' })).toBeVisible();
});

test('a contributor reads the workspace and a markup page without change controls', async ({ page }) => {
  const { apiBase, workspaceApiKey, markupId } = demo();
  await signIn(page, 'Cora Contributor');
  const userId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pinmark-app-session')!).userId as string);
  const res = await fetch(`${apiBase}/api/v2/users/${userId}/role`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: JSON.stringify({ role: 'contributor' }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, 'Cora Contributor');
  await expect(page.getByText('Only owners and admins change folders and sites.')).toBeVisible();
  await expect(items(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New folder' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^Actions for / })).toHaveCount(0);
  await page.goto(`/app/markups/${markupId}`);
  await expect(page.getByLabel('Installation snippet')).toContainText(markupId);
  await expect(page.getByRole('button', { name: 'Allow origin' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the workspace and a markup page by touch', async ({ page }) => {
    await signIn(page, 'Pete Phone');
    await expect(page.getByRole('heading', { level: 1, name: 'All sites' })).toBeVisible();
    await expect(items(page)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/workspace-390.png` });
    await expectNoViolations(page, 'phone workspace');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`/app/markups/${demo().markupId}`);
    await expect(page.getByLabel('Installation snippet')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/markup-390.png`, fullPage: true });
    await expectNoViolations(page, 'phone markup page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Inbox', exact: true }).tap();
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  });
});
