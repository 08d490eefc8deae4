/**
 * E-mail that cannot be delivered (issue 18: "an unreachable SMTP server never blocks or loses a
 * comment; failures are retried, visible to the workspace in the review app"): a reference server
 * of our own (E2E_PORT + 3, own-server.ts) whose SMTP_URL points at a port nobody listens on. A thread mentioning a
 * member is posted as usual, and the member's Mail page shows the e-mail being retried with the
 * SMTP error, at 1280 px and on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { createServer, type AddressInfo } from 'node:net';
import type { Delta } from '../src/api/wire.ts';
import { createThreadViaApi, expectNoViolations, signInToApp } from './app-kit.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let own: OwnServer;

/** A port that refuses connections: bound for a moment, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  own = await startOwnServer('mail-problems', 3, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, PINMARK_MAIL_BATCH_SECONDS: '1' });
});

test.afterAll(async () => {
  await own?.stop();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${own.origin}/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${own.seed.workspaceApiKey}`, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

async function mentionedThread(name: string, email: string): Promise<string> {
  const users = await api<{ id: string; email: string | null }[] | { users: { id: string; email: string | null }[] }>('GET', '/users');
  const id = (Array.isArray(users) ? users : users.users).find((user) => user.email === email)!.id;
  const message: Delta = {
    ops: [{ insert: 'Checkout button is cut off, ' }, { insert: { mention: { id, value: name } } }, { insert: '\n' }],
  };
  const thread = await createThreadViaApi({ message }, { apiBase: own.origin, ...own.seed });
  return thread.id;
}

async function expectProblemShown(page: Page, email: string): Promise<void> {
  const problems = page.getByRole('region', { name: 'E-mails not delivered' });
  await expect(async () => {
    await page.reload();
    await expect(problems).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(problems).toContainText(email);
  await expect(problems).toContainText('ECONNREFUSED');
  await expect(problems).toContainText(/Retrying \(\d+ attempts?/);
}

test('an unreachable SMTP server keeps the comment and shows the member the e-mail being retried', async ({ page }) => {
  await signInToApp(page, 'Mona Mailfail', `${own.origin}/app/`);
  const threadId = await mentionedThread('Mona', 'mona@example.com');
  // The comment itself is there whatever the mail does.
  expect((await api<{ id: string }>('GET', `/threads/${threadId}`)).id).toBe(threadId);
  await page.goto(`${own.origin}/app/mail`);
  await expectProblemShown(page, 'mona@example.com');
  await expect(page.getByRole('region', { name: 'E-mails not delivered' }).getByRole('link', { name: 'Thread' })).toHaveAttribute(
    'href',
    `/app/inbox/${threadId}`,
  );
  await expectNoViolations(page, 'mail page with undelivered e-mails');
  await page.screenshot({ path: '.tmp/e2e-shots/mail-problems-1280.png' });
});

test('on a phone too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInToApp(page, 'Mona Mailfail', `${own.origin}/app/`);
  await page.goto(`${own.origin}/app/mail`);
  await expectProblemShown(page, 'mona@example.com');
  await page.screenshot({ path: '.tmp/e2e-shots/mail-problems-390.png', fullPage: true });
  await context.close();
});
