import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import type { ThreadResponse } from '../api/wire';
import { createFakeService, makeMessage, makeThread } from './testing/fake-service';
import { centerOf, frames, startWidget, useSignedInPage, type Harness } from './testing/harness';

let harness: Harness | null = null;
useSignedInPage(`
    <div id="spacer" style="height:120px"></div>
    <p id="target" style="margin:0 0 0 100px;width:400px;height:100px;background:#eef">Anchor me</p>
    <div style="height:3000px"></div>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

function anchoredThread(number: number, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  return makeThread(number, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [{ id: 'e', threadId: 't', path: '#target', offsetXPercentage: 25, offsetYPercentage: 75, createdAt: 0, modifiedAt: 0 }],
    ...extra,
  });
}

function pinOf(harness: Harness, number: number): HTMLElement | null {
  return harness.root().querySelector<HTMLElement>(`[aria-label="Thread ${number}"][data-thread-id]`);
}

function expectPinAtAnchor(pin: HTMLElement) {
  const r = document.getElementById('target')!.getBoundingClientRect();
  const center = centerOf(pin);
  expect(Math.abs(center.x - (r.left + r.width * 0.25))).toBeLessThan(0.5);
  expect(Math.abs(center.y - (r.top + r.height * 0.75))).toBeLessThan(0.5);
}

describe('pins', () => {
  it('centres each pin exactly on its anchored point and follows scroll, resize and DOM changes', async () => {
    harness = await startWidget(createFakeService({ threads: [anchoredThread(1)] }));
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    const pin = pinOf(harness, 1)!;
    expect(pin.dataset.threadId).toBe('thread-1');
    expectPinAtAnchor(pin);

    window.scrollTo(0, 70);
    await frames();
    expectPinAtAnchor(pin);

    document.getElementById('spacer')!.style.height = '185.5px';
    await frames();
    expectPinAtAnchor(pin);

    document.getElementById('target')!.style.width = '600px';
    window.dispatchEvent(new Event('resize'));
    await frames();
    expectPinAtAnchor(pin);
  });

  it('shows only this page’s threads, dims resolved ones and does not draw orphans', async () => {
    const orphan = makeThread(3, { canonicalUrl: canonicalUrlOf(document) });
    const elsewhere = anchoredThread(4, { canonicalUrl: 'https://elsewhere.test/page' });
    const legacy = anchoredThread(5, { canonicalUrl: '', originalUrl: `${location.href.split('#')[0]}#section` });
    harness = await startWidget(
      createFakeService({ threads: [anchoredThread(1), anchoredThread(2, { resolved: true }), orphan, elsewhere, legacy] }),
    );
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Thread 5' })).toBeVisible();
    expect(pinOf(harness, 2)!.className).toContain('pm-pin--resolved');
    expect(pinOf(harness, 3)).toBeNull();
    expect(pinOf(harness, 4)).toBeNull();
  });

  it('pins sit in one fixed, pointer-transparent overlay inside the shadow root', async () => {
    harness = await startWidget(createFakeService({ threads: [anchoredThread(1)] }));
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    const layer = pinOf(harness, 1)!.parentElement!;
    expect(getComputedStyle(layer).position).toBe('fixed');
    expect(getComputedStyle(layer).pointerEvents).toBe('none');
    expect(getComputedStyle(pinOf(harness, 1)!).pointerEvents).toBe('auto');
  });
});

describe('thread panel', () => {
  it('lists messages as text, replies, resolves, reopens and deletes with inline confirmation', async () => {
    const thread = anchoredThread(1);
    thread.messages = [makeMessage(thread.id, '<img src=x onerror="window.__pinmarkXss=1">Hello')];
    harness = await startWidget(createFakeService({ threads: [thread] }));
    const events = { reply: vi.fn(), resolved: vi.fn(), deleted: vi.fn() };
    harness.pinmark.on('messageCreated', events.reply);
    harness.pinmark.on('threadResolved', events.resolved);
    harness.pinmark.on('threadDeleted', events.deleted);

    await page.getByRole('button', { name: 'Thread 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Thread 1' });
    await expect.element(panel).toBeVisible();
    await expect.element(panel.getByText('<img src=x onerror="window.__pinmarkXss=1">Hello')).toBeVisible();
    expect(harness.root().querySelector('img')).toBeNull();
    await expect.element(panel.getByText('Ada Reviewer')).toBeVisible();
    await expect.element(panel.getByText('5 min. ago')).toBeVisible();

    await panel.getByRole('textbox', { name: 'Write a reply' }).fill('A reply');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect.element(panel.getByRole('listitem').filter({ hasText: 'A reply' })).toBeVisible();
    await expect.poll(() => panel.getByRole('textbox', { name: 'Write a reply' }).element().textContent).toBe('');
    // Emitted once the outbox delivered it (the reply shows before that).
    await vi.waitFor(() => expect(events.reply).toHaveBeenCalledWith(expect.objectContaining({ threadId: 'thread-1' })));

    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect.element(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(pinOf(harness, 1)!.className).toContain('pm-pin--resolved');
    // Shown at once; the event follows once the outbox delivered it.
    await vi.waitFor(() => expect(events.resolved).toHaveBeenCalledWith({ threadId: 'thread-1' }));
    await panel.getByRole('button', { name: 'Reopen' }).click();
    await expect.element(panel.getByRole('button', { name: 'Resolve' })).toBeVisible();

    await panel.getByRole('button', { name: 'Delete thread' }).click();
    expect(harness.service.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await panel.getByRole('button', { name: 'Confirm delete' }).click();
    await vi.waitFor(() => expect(pinOf(harness!, 1)).toBeNull());
    expect(page.getByRole('dialog', { name: 'Thread 1' }).query()).toBeNull();
    await vi.waitFor(() => expect(events.deleted).toHaveBeenCalledWith({ threadId: 'thread-1' }));
    expect((window as { __pinmarkXss?: number }).__pinmarkXss).toBeUndefined();
  });

  it('resolving goes through the outbox: a 503 is retried under one key, a refusal takes it back and explains', async () => {
    harness = await startWidget(createFakeService({ threads: [anchoredThread(1)] }));
    harness.service.failNext('POST', '/threads/thread-1/resolve', 503, 'internal_error');
    await page.getByRole('button', { name: 'Thread 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Thread 1' });
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect.element(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
    const resolves = () => harness!.service.requests.filter((r) => r.method === 'POST' && r.path === '/threads/thread-1/resolve');
    await expect.poll(() => resolves().length, { timeout: 5000 }).toBe(2);
    expect(new Set(resolves().map((r) => r.headers?.['Idempotency-Key'])).size).toBe(1);

    harness.service.failNext('POST', '/threads/thread-1/unresolve', 403, 'forbidden', 'Not yours');
    await panel.getByRole('button', { name: 'Reopen' }).click();
    await expect.element(panel.getByRole('alert')).toHaveTextContent('could not be changed, so it is as it was');
    await expect.element(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(pinOf(harness, 1)!.className).toContain('pm-pin--resolved');
  });

  it('a reply that fails with 503 shows at once and is delivered by a retry, once', async () => {
    harness = await startWidget(createFakeService({ threads: [anchoredThread(1)] }));
    harness.service.failNext('POST', '/threads/thread-1/messages', 503, 'internal_error');
    await page.getByRole('button', { name: 'Thread 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Thread 1' });
    await panel.getByRole('textbox', { name: 'Write a reply' }).fill('Keep me');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect.element(panel.getByRole('listitem').filter({ hasText: 'Keep me' })).toBeVisible();
    await expect
      .poll(() => harness!.service.requests.filter((r) => r.method === 'POST' && r.path === '/threads/thread-1/messages').length, {
        timeout: 5000,
      })
      .toBe(2);
    await expect
      .poll(() =>
        panel
          .getByRole('status')
          .filter({ hasText: /Sending|Not sent/ })
          .query(),
      )
      .toBeNull();
    expect(panel.getByRole('listitem').filter({ hasText: 'Keep me' }).all()).toHaveLength(1);
  });

  it('shows only the controls the scopes allow (all of them when scopes are missing)', async () => {
    const locked = anchoredThread(1, { scopes: [] });
    const open = anchoredThread(2, {
      elements: [{ id: 'e', threadId: 't', path: '#target', offsetXPercentage: 75, offsetYPercentage: 25, createdAt: 0, modifiedAt: 0 }],
    });
    delete (open as Partial<ThreadResponse>).scopes;
    harness = await startWidget(createFakeService({ threads: [locked, open] }));
    await page.getByRole('button', { name: 'Thread 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Thread 1' });
    await expect.element(panel).toBeVisible();
    for (const name of ['Resolve', 'Delete thread', 'Send reply']) expect(panel.getByRole('button', { name }).query()).toBeNull();
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Thread 2' }).click();
    const second = page.getByRole('dialog', { name: 'Thread 2' });
    for (const name of ['Resolve', 'Delete thread', 'Send reply']) await expect.element(second.getByRole('button', { name })).toBeVisible();
  });
});

describe('session and markup states', () => {
  it('signed out: the launcher opens a sign-in panel and says when the popup is blocked', async () => {
    sessionStorage.clear();
    localStorage.clear();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      harness = await startWidget();
      await page.getByRole('button', { name: 'Add comment' }).click();
      await expect.element(page.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
      // Nothing but the one question of whether this page's origin may sign in (origin-check.ts).
      expect(harness.service.requests.map((r) => `${r.method} ${r.path} ${r.query.get('origin')}`)).toEqual([
        `GET /auth/config ${location.origin}`,
      ]);
      await page.getByRole('button', { name: 'Sign in to comment' }).click();
      expect(open).toHaveBeenCalledTimes(1);
      expect(String(open.mock.calls[0]![0])).toMatch(
        /^http:\/\/api\.test\/sign-in\?publicKey=pk_test&markupId=m1&state=[\w-]{22}&sdkOrigin=/,
      );
      await expect.element(page.getByRole('alert')).toHaveTextContent(/blocked the sign-in window/);
    } finally {
      open.mockRestore();
    }
  });

  it('read-only markup: "Comments paused", no comment mode, pins still shown', async () => {
    harness = await startWidget(createFakeService({ markup: { readOnly: true }, threads: [anchoredThread(1)] }));
    const launcher = page.getByRole('button', { name: 'Comments paused' });
    await expect.element(launcher).toHaveAttribute('aria-disabled', 'true');
    await launcher.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
    await expect.element(launcher).toHaveAttribute('aria-pressed', 'false');
    await expect.element(page.getByRole('alert')).toHaveTextContent('New comments are paused on this page.');
    expect(page.getByText('Click anything to comment · Esc to cancel').query()).toBeNull();
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
  });

  it('public API: open() enters comment mode and close() leaves it', async () => {
    harness = await startWidget();
    harness.pinmark.open();
    await expect.element(page.getByRole('button', { name: 'Add comment' })).toHaveAttribute('aria-pressed', 'true');
    harness.pinmark.close();
    await expect.element(page.getByRole('button', { name: 'Add comment' })).toHaveAttribute('aria-pressed', 'false');
  });
});
