/**
 * Integrations in the review app against the real server (issue 18): a member connects GitHub
 * Issues and Slack on the Integrations page, pointing at local stand-ins the test starts (GitHub's
 * checks every request against GitHub's OpenAPI description). A thread posted through the API
 * becomes an issue, its reply a comment, Slack gets both; closing the issue sends GitHub's signed
 * webhook, and the thread shows resolved in the app. A forged webhook is refused. On a reference
 * server of its own (own-server.ts, E2E_PORT + 4): an integration of the shared server's workspace
 * would follow other specs' threads while it runs (a thread's issue link changes its ETag).
 */
import { expect, test } from '@playwright/test';
import { createThreadViaApi, expectNoViolations, signInToApp, uniqueWord } from './app-kit.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';
import { startGithubStandIn, type GithubStandIn } from '../server/testing/stand-ins/github.ts';
import { startSlackStandIn, type SlackStandIn } from '../server/testing/stand-ins/slack.ts';

let github: GithubStandIn;
let slack: SlackStandIn;
let own: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  github = await startGithubStandIn({ owner: 'acme', repo: 'shop' });
  slack = await startSlackStandIn();
  own = await startOwnServer('integrations', 4, {});
});
test.afterAll(async () => {
  await own?.stop();
  await github.close();
  await slack.close();
});

async function replyViaApi(threadId: string, text: string): Promise<void> {
  const res = await fetch(`${own.origin}/api/v2/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${own.seed.workspaceApiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: { ops: [{ insert: `${text}\n` }] } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test('GitHub and Slack, configured in the app, follow a thread and close the loop', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToApp(page, 'Ivy Integrator', `${own.origin}/app/`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

  // GitHub: the form generates the webhook secret the member pastes into GitHub's settings.
  await page.getByRole('button', { name: 'Add integration' }).click();
  const form = page.getByRole('form', { name: 'Add integration' });
  await form.getByLabel('Service', { exact: true }).selectOption('github');
  await form.getByLabel('Repository owner').fill(github.owner);
  await form.getByLabel('Repository', { exact: true }).fill(github.repo);
  await form.getByLabel(/Access token/).fill(github.token);
  const secret = await form.getByLabel(/Webhook secret/).inputValue();
  expect(secret).toMatch(/^[0-9a-f]{48}$/);
  await form.getByLabel(/API URL/).fill(github.url);
  await form.getByRole('button', { name: 'Connect' }).click();
  const card = page.getByRole('article', { name: 'GitHub' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`••••${github.token.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(github.token);
  const inboundUrl = (await card.locator('.integration-inbound code').textContent())!;

  await page.getByRole('button', { name: 'Add integration' }).click();
  await form.getByLabel('Service', { exact: true }).selectOption('slack');
  await form.getByLabel('Incoming webhook URL').fill(slack.webhookUrl);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('article', { name: 'Slack' })).toBeVisible();
  await page.getByRole('article', { name: 'GitHub' }).getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test succeeded: repository acme/shop reachable' })).toBeVisible();
  await expectNoViolations(page, 'integrations page');

  // A thread: an issue at the stand-in (after the screenshot window), Slack told, a reply follows.
  const word = uniqueWord();
  const thread = await createThreadViaApi({ message: `${word} the pay button is hidden` }, { apiBase: own.origin, ...own.seed });
  const issueOf = () => [...github.issues.values()].find((issue) => issue.title.includes(word));
  await expect.poll(() => issueOf()?.number, { timeout: 20_000 }).toBeGreaterThan(0);
  const issue = issueOf()!;
  expect(issue.body).toContain('**Element:** `main > form > button.pay`');
  expect(issue.body).toContain('Firefox 140');
  expect(issue.body).toContain(`/app/inbox/${thread.id}`);
  await expect.poll(() => slack.messages.some((m) => JSON.stringify(m.blocks).includes(word)), { timeout: 10_000 }).toBe(true);
  await replyViaApi(thread.id, `${word} still there on mobile`);
  await expect.poll(() => issue.comments.join('\n'), { timeout: 10_000 }).toContain(`${word} still there on mobile`);
  await expect(page.getByRole('article', { name: 'GitHub' })).toContainText(`issue #${issue.number} created`);

  // A forged webhook changes nothing; GitHub's own (signed with the secret) resolves the thread.
  const forged = github.webhook(issue.number, 'closed', 'an attacker guessing the secret');
  const refused = await fetch(inboundUrl, { method: 'POST', headers: forged.headers, body: forged.body });
  expect(refused.status).toBe(401);
  await page.goto(`${own.origin}/app/inbox/${thread.id}`);
  await expect(page.locator('.badge--open').first()).toBeVisible();
  const closed = await github.setIssueState(issue.number, 'closed', { url: inboundUrl, secret });
  expect(closed).toEqual({ status: 200, body: { data: { applied: true, threadId: thread.id, resolved: true } } });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.badge--resolved').first()).toBeVisible();
  expect(github.violations).toEqual([]);
  expect(slack.violations).toEqual([]);

  // Disconnect both, so the specs sharing this server are not followed.
  await page.goto(`${own.origin}/app/integrations`);
  page.on('dialog', (dialog) => void dialog.accept());
  for (const name of ['GitHub', 'Slack']) {
    await page.getByRole('article', { name }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  }
});
