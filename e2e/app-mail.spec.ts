/**
 * The review app's Mail page (issue 18) against the real server without SMTP_URL: a member mentioned
 * in a thread finds the e-mail the demo kept for them (subject, the message as sent, the link to the
 * thread, why they got it), turns mentions off there, and is not mailed for the next mention.
 */
import { expect, test } from '@playwright/test';
import type { Delta } from '../src/api/wire.ts';
import { createThreadViaApi, expectNoViolations, signInToApp, uniqueWord } from './app-kit.ts';
import { demo } from './fixtures.ts';

async function userIdOf(email: string): Promise<string> {
  const { apiBase, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2/users`, { headers: { Authorization: `Bearer ${workspaceApiKey}` } });
  const body = (await res.json()) as { data: { email: string | null; id: string }[] | { users: { email: string | null; id: string }[] } };
  const users = Array.isArray(body.data) ? body.data : body.data.users;
  return users.find((user) => user.email === email)!.id;
}

const mentioning = (text: string, id: string, name: string): Delta => ({
  ops: [{ insert: text }, { insert: { mention: { id, value: name } } }, { insert: '\n' }],
});

test('a mentioned member reads the kept e-mail on the Mail page and turns mentions off', async ({ page, browser }) => {
  await signInToApp(page, 'Mona Mailpage');
  const monaId = await userIdOf('mona@example.com');
  const first = uniqueWord();
  const thread = await createThreadViaApi({ message: mentioning(`${first} <b>not bold</b> for `, monaId, 'Mona') });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  const mail = page.locator('details', { hasText: first });
  await expect(async () => {
    await page.reload();
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(mail.locator('summary')).toContainText(`${first} <b>not bold</b> for @Mona`);
  await expect(mail.locator('summary')).toContainText('mona@example.com');
  await mail.locator('summary').click();
  await expect(mail).toContainText(`/app/inbox/${thread.id}`);
  await expect(mail).toContainText('You get this e-mail because you were mentioned.');
  await expectNoViolations(page, 'mail page');

  const mentions = page.getByLabel('someone mentions me');
  await expect(mentions).toBeChecked();
  await mentions.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('someone mentions me')).not.toBeChecked();

  // Mentioned again, and a colleague mentioned beside: the colleague's e-mail proves the queue moved on.
  const second = uniqueWord();
  const otto = await browser.newPage();
  await signInToApp(otto, 'Otto Other');
  const ottoId = await userIdOf('otto@example.com');
  await createThreadViaApi({
    message: {
      ops: [
        ...mentioning(`${second} `, monaId, 'Mona').ops.slice(0, 2),
        { insert: { mention: { id: ottoId, value: 'Otto' } } },
        { insert: '\n' },
      ],
    },
  });
  await otto.goto('/app/mail');
  await expect(async () => {
    await otto.reload();
    await expect(otto.locator('details', { hasText: second })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(otto.locator('details', { hasText: second }).locator('summary')).toContainText('otto@example.com');
  await expect(otto.locator('details', { hasText: second }).filter({ hasText: 'mona@example.com' })).toHaveCount(0);
  await otto.close();
});
