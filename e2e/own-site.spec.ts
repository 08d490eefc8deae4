/**
 * The README's "Your own site" setup, tried as a customer would: a page of the customer's own, on its
 * own origin (not the demo's, not the API's), served with exactly the Content-Security-Policy the
 * README's Embedding section tells a customer to send. A reviewer signs in, pins a link and posts; the
 * comment arrives with its screenshot, and the page sees no CSP violation and no console error.
 * The origin is allowed through ALLOWED_ORIGINS (playwright.config.ts), as the README says for the demo
 * installation.
 */
import { createServer, type Server } from 'node:http';
import { test, expect } from '@playwright/test';
import { demo, pins, postComment, serverThreadsOn, signInWithPopup } from './fixtures.ts';

const NONCE = 'c3RyaWN0LW5vbmNl';

/** The policy from README.md ("Content-Security-Policy"), with the service's origin filled in. */
export function readmePolicy(service: string): string {
  return [
    `default-src 'self'`,
    `script-src 'nonce-${NONCE}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${NONCE}'`,
    `connect-src 'self' ${service}`,
    `img-src 'self' ${service} blob: data:`,
    `object-src 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

function customerPage(service: string, publicKey: string, markupId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Northwind Outfitters</title>
<style nonce="${NONCE}">
  body { font: 16px/1.5 Georgia, serif; margin: 0; }
  nav a { margin-right: 12px; } main { max-width: 720px; margin: 24px auto; padding: 0 16px; }
</style>
<script async src="${service}/widget/pinmark.js" nonce="${NONCE}" data-nonce="${NONCE}"
  data-public-key="${publicKey}" data-markup-id="${markupId}" data-api-base="${service}"></script>
</head><body>
<nav><a href="#">Home</a><a href="#">Tents</a><a href="#">Sleeping bags</a><a href="#">Sale</a></nav>
<main>
  <h1 id="headline">Autumn sale: 30 % off every tent</h1>
  <p id="lead">Our <a id="sale-link" href="#tents">two-person <em>Ridgeline</em> tent</a> is back in stock, with
  <a href="#">free returns</a> and <a href="#">a five-year warranty</a> on every <code>RL-2</code> frame.</p>
</main></body></html>`;
}

let server: Server;
let origin: string;

test.beforeAll(async () => {
  const { apiBase, publicKey, markupId } = demo();
  const service = new URL(apiBase).origin;
  origin = process.env.PINMARK_E2E_CUSTOMER_ORIGIN!;
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': readmePolicy(service) });
    res.end(customerPage(service, publicKey, markupId));
  });
  const { hostname, port } = new URL(origin);
  await new Promise<void>((resolve) => server.listen(Number(port), hostname, resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a customer's own site on its own origin, under the README's CSP: sign in, pin a link, post with a screenshot", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const path = `/?case=own-site-${Date.now()}`;
  await page.goto(origin + path);
  expect(await page.evaluate(() => location.origin)).not.toBe(new URL(demo().apiBase).origin);

  await signInWithPopup(page, { name: 'Cora Customer', email: 'cora@example.com' });
  await postComment(page, page.locator('#sale-link'), 'Link goes nowhere');
  await expect(pins(page)).toHaveCount(1);
  await expect(pins(page).first()).toBeVisible();

  const [thread] = await serverThreadsOn(path);
  expect(new URL(thread!.canonicalUrl).origin).toBe(origin);
  const { apiBase, workspaceApiKey } = demo();
  await expect
    .poll(
      async () => {
        const res = await fetch(`${apiBase}/api/v2/threads/${thread!.id}/screenshot`, {
          headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Service-API-Version': '2023-02-22' },
        });
        return res.status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  expect(problems).toEqual([]);
});
