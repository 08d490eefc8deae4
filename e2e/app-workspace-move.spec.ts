/**
 * Moving folders and sites in the review app's workspace view (issue 16): "Move to…" opens a folder
 * picker dialog walked by keyboard alone (Tab, Enter, Esc), the item lands in the chosen folder,
 * a folder cannot be moved into itself (it is not offered), and the dialog passes axe in both themes
 * and fits a phone. Screenshots for a human look go to .tmp/app-shots/.
 */
import { test, expect, type Page } from '@playwright/test';
import type { DataEnvelope, MarkupResponse, WorkspaceResponse } from '../src/api/wire.ts';
import { expectNoViolations, setTheme, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

const SHOTS = '.tmp/app-shots';

async function api<T>(method: string, path: string, body?: unknown): Promise<{ data: T; location: string | null }> {
  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const data = res.status === 204 ? (undefined as T) : ((await res.json()) as DataEnvelope<T>).data;
  return { data, location: res.headers.get('location') };
}

/** A folder and a site in the root, and a target folder; all named with `word`. */
async function seed(word: string) {
  const { data: workspace } = await api<WorkspaceResponse>('GET', '/workspace');
  const folder = async (name: string, parentFolderId = workspace.rootFolderId) =>
    (await api('POST', '/items', { parentFolderId, name })).location!.split('/').pop()!;
  const target = await folder(`Target ${word}`);
  const mover = await folder(`Mover ${word}`);
  await folder(`Inner ${word}`, mover);
  const { data: site } = await api<MarkupResponse>('POST', '/markups/url', { url: `https://move-${word}.example/`, name: `Site ${word}` });
  return { target, mover, site };
}

const itemsList = (page: Page) => page.getByRole('list', { name: 'Folders and sites' });

test('move a site and a folder into another folder with the keyboard', async ({ page }) => {
  const word = uniqueWord();
  const { target } = await seed(word);
  await signInToApp(page, 'Wes Workspace', '/app/workspace');
  await expect(itemsList(page).getByRole('link', { name: `Site ${word}` })).toBeVisible();

  // The site: focus its Move button, Enter, Tab to the target folder, Enter, then Move here.
  const siteActions = page.getByRole('group', { name: `Actions for Site ${word}` });
  await siteActions.getByRole('button', { name: 'Move to…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Move “Site ${word}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('It is in this folder already.')).toBeVisible();
  const open = dialog.getByRole('button', { name: `Open Target ${word}` });
  await expect(open).toBeVisible();
  for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/workspace-move-1280-light.png` });
  await expectNoViolations(page, 'folder picker, light');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('navigation').getByText(`Target ${word}`)).toHaveAttribute('aria-current', 'location');
  await expect(dialog.getByText('No folders inside.')).toBeVisible();
  const moveHere = dialog.getByRole('button', { name: 'Move here' });
  await moveHere.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Moved “Site ${word}” to Target ${word}.` })).toBeVisible();
  await expect(itemsList(page).getByRole('link', { name: `Site ${word}` })).toHaveCount(0);

  // The folder: its own name is not offered as a target (nothing goes into itself); Esc cancels.
  await page
    .getByRole('group', { name: `Actions for Mover ${word}` })
    .getByRole('button', { name: 'Move to…' })
    .click();
  const folderDialog = page.getByRole('dialog', { name: `Move “Mover ${word}”` });
  await expect(folderDialog.getByRole('button', { name: `Open Target ${word}` })).toBeVisible();
  await expect(folderDialog.getByRole('button', { name: `Open Mover ${word}` })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(folderDialog).toBeHidden();
  await expect(page.getByRole('group', { name: `Actions for Mover ${word}` }).getByRole('button', { name: 'Move to…' })).toBeFocused();

  await setTheme(page, 'dark');
  await page
    .getByRole('group', { name: `Actions for Mover ${word}` })
    .getByRole('button', { name: 'Move to…' })
    .click();
  await folderDialog.getByRole('button', { name: `Open Target ${word}` }).click();
  await expectNoViolations(page, 'folder picker, dark');
  await page.screenshot({ path: `${SHOTS}/workspace-move-1280-dark.png` });
  await folderDialog.getByRole('button', { name: 'Move here' }).click();
  await expect(folderDialog).toBeHidden();

  await itemsList(page)
    .getByRole('link', { name: `Target ${word}` })
    .click();
  await expect(itemsList(page).getByRole('link', { name: `Site ${word}` })).toBeVisible();
  await expect(itemsList(page).getByRole('link', { name: `Mover ${word}` })).toBeVisible();
  expect(page.url()).toContain(target);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the folder picker by touch', async ({ page }) => {
    const word = uniqueWord();
    await seed(word);
    await signInToApp(page, 'Pim Phone', '/app/workspace');
    await page
      .getByRole('group', { name: `Actions for Site ${word}` })
      .getByRole('button', { name: 'Move to…' })
      .tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Open Mover ${word}` }).tap();
    await expect(dialog.getByRole('button', { name: `Open Inner ${word}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/workspace-move-390.png` });
    await expectNoViolations(page, 'phone folder picker');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Move here' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Folders and sites' }).getByRole('link', { name: `Site ${word}` })).toHaveCount(0);
  });
});
