/**
 * A paused (read-only) markup: pins and threads still show, but the widget offers no new comments
 * and no replies. Runs in its own Playwright project after the others, because pausing is per
 * markup and the other specs comment on the same demo markup.
 */
import { test, expect } from '@playwright/test';
import { demo, freshPath, pins, postComment, signInWithPopup } from './fixtures.ts';

async function setReadOnly(readOnly: boolean): Promise<void> {
  const { apiBase, markupId, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2/markups/${markupId}/read-only`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22', 'Content-Type': 'application/json' },
    body: JSON.stringify({ readOnly }),
  });
  expect(res.status).toBe(200);
}

test('a paused markup shows its pins but offers no new comments', async ({ page }) => {
  const path = freshPath('paused');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Pat Aused', email: 'pat@example.com' });
  await postComment(page, page.locator('#beans-title'), 'Before the pause');
  await expect(pins(page)).toHaveCount(1);

  await setReadOnly(true);
  try {
    await page.reload();
    const launcher = page.getByRole('button', { name: 'Comments paused' });
    await expect(launcher).toBeVisible();
    await expect(pins(page)).toHaveCount(1);

    // The launcher is aria-disabled; clicking it anyway explains the pause instead of starting comment mode.
    await expect(launcher).toHaveAttribute('aria-disabled', 'true');
    await launcher.click({ force: true });
    await expect(launcher).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert')).toContainText('New comments are paused on this page.');
    await page.locator('#hero-title').click();
    await expect(page.getByRole('dialog', { name: 'New comment' })).toHaveCount(0);

    // The thread opens, readable, without a reply box.
    await pins(page).first().click();
    const thread = page.getByRole('dialog', { name: /^Thread \d+$/ });
    await expect(thread).toContainText('Before the pause');
    await expect(thread.getByLabel('Write a reply')).toHaveCount(0);
    await expect(thread).toContainText('New comments are paused on this page.');
  } finally {
    await setReadOnly(false);
  }

  await page.reload();
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
});
