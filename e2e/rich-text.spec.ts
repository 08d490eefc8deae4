/**
 * Rich-text comments against the real server: formats from shortcuts and the toolbar, an @mention
 * of a workspace member, what the server stores (Delta, plain text and mention ids agreeing), the
 * rendering after a reload, editing and deleting one's own reply, and drafts that survive reloads.
 */
import { test, expect, type Page } from '@playwright/test';
import { centerOf, delivered, enterCommentMode, freshPath, pin, pins, postComment, serverThreadsOn, signInWithPopup } from './fixtures.ts';

async function openComposerOn(page: Page, selector: string) {
  await enterCommentMode(page);
  const point = await centerOf(page.locator(selector));
  await page.mouse.click(point.x, point.y);
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer).toBeVisible();
  return composer;
}

test('formats with shortcuts and the toolbar, mentions a member, and shows it rendered after a reload', async ({ page }) => {
  const path = freshPath('rich-text');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Rita Rich', email: 'rita@example.com' });
  const composer = await openComposerOn(page, '#hero-title');
  const box = composer.getByRole('textbox', { name: 'Comment' });
  await box.click();

  await page.keyboard.press('Control+b');
  await page.keyboard.type('Bold');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' then ');
  await composer.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('italic');
  await composer.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.press('Enter');
  await composer.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('first');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // an empty item leaves the list
  await page.keyboard.type('Ask @Demo');
  const option = composer.getByRole('option', { name: /Demo Owner/ });
  await expect(option).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter');
  await expect(composer).toHaveCount(0);
  await delivered(page);

  const [thread] = await serverThreadsOn(path);
  const message = thread!.messages[0]!;
  const ops = message.messageJson.ops;
  expect(ops).toContainEqual({ insert: 'Bold', attributes: { bold: true } });
  expect(ops).toContainEqual({ insert: 'italic', attributes: { italic: true } });
  expect(ops.filter((op) => op.attributes?.list === 'bullet')).toHaveLength(2);
  const mention = ops.find((op) => typeof op.insert === 'object' && 'mention' in op.insert);
  expect(mention).toBeDefined();
  const mentioned = (mention!.insert as { mention: { id: string; value: string } }).mention;
  expect(mentioned.value).toBe('Demo Owner');
  // The three forms agree: the Delta's mention is in mentionIds and its text in content.
  expect(message.mentionIds).toEqual([mentioned.id]);
  expect(message.content).toContain('Bold then italic\nfirst\nsecond\nAsk @Demo Owner');

  await page.reload();
  await expect(pins(page)).toHaveCount(1);
  await pin(page, thread!.number).click();
  const panel = page.getByRole('dialog', { name: `Thread ${thread!.number}` });
  await expect(panel.locator('.pm-delta strong', { hasText: 'Bold' })).toBeVisible();
  await expect(panel.locator('.pm-delta em', { hasText: 'italic' })).toBeVisible();
  await expect(panel.locator('.pm-delta ul > li')).toHaveText(['first', 'second']);
  await expect(panel.locator('.pm-mention')).toHaveText('@Demo Owner');
});

test('edit and delete one’s own reply; the first message can be edited, not deleted', async ({ page }) => {
  const path = freshPath('edit-delete');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Eddie Editor', email: 'eddie@example.com' });
  await postComment(page, page.locator('#beans-title'), 'The heading is vague');
  // Thread numbers count per markup, which every spec shares: this page has exactly one pin.
  await expect(pins(page)).toHaveCount(1);
  await pins(page).first().click();
  const panel = page.getByRole('dialog', { name: /^Thread \d+$/ });
  await panel.getByRole('textbox', { name: 'Write a reply' }).fill('A reply to change');
  await panel.getByRole('button', { name: 'Send reply' }).click();
  const reply = panel.getByRole('listitem').filter({ hasText: 'A reply to change' });
  await expect(reply).toBeVisible();

  const first = panel.getByRole('listitem').filter({ hasText: 'The heading is vague' });
  await expect(first.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await reply.getByRole('button', { name: 'Edit' }).click();
  const editor = panel.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('A changed reply');
  await panel.getByRole('button', { name: 'Save' }).click();
  const changed = panel.getByRole('listitem').filter({ hasText: 'A changed reply' });
  await expect(changed).toBeVisible();
  await expect(changed).toContainText('edited');
  await expect
    .poll(async () => (await serverThreadsOn(path))[0]!.messages.map((m) => m.content))
    .toEqual(['The heading is vague', 'A changed reply']);

  await changed.getByRole('button', { name: 'Delete' }).click();
  await panel.getByRole('button', { name: 'Delete message' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: 'A changed reply' })).toHaveCount(0);
  await expect.poll(async () => (await serverThreadsOn(path))[0]!.messages.length).toBe(1);
});

test('drafts of a new comment and of a reply survive a reload, and go once posted', async ({ page }) => {
  const path = freshPath('drafts');
  await page.goto(path);
  await signInWithPopup(page, { name: 'Dana Draft', email: 'dana@example.com' });
  let composer = await openComposerOn(page, '#pricing-title');
  await composer.getByRole('textbox', { name: 'Comment' }).click();
  await page.keyboard.type('Half-written thought');

  await page.reload();
  composer = page.getByRole('dialog', { name: 'New comment' });
  await expect(composer.getByRole('textbox', { name: 'Comment' })).toHaveText('Half-written thought');
  await composer.getByRole('textbox', { name: 'Comment' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(', finished');
  await composer.getByRole('button', { name: 'Post' }).click();
  await expect(composer).toHaveCount(0);
  await delivered(page);
  await expect(pins(page)).toHaveCount(1);
  const [thread] = await serverThreadsOn(path);
  expect(thread!.messages[0]!.content).toBe('Half-written thought, finished');

  await page.reload();
  await expect(pins(page)).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'New comment' })).toHaveCount(0);

  await pin(page, thread!.number).click();
  const panel = page.getByRole('dialog', { name: `Thread ${thread!.number}` });
  await panel.getByRole('textbox', { name: 'Write a reply' }).click();
  await page.keyboard.type('An unsent reply');
  await page.reload();
  await pin(page, thread!.number).click();
  await expect(page.getByRole('textbox', { name: 'Write a reply' })).toHaveText('An unsent reply');
});
