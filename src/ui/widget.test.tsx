import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import type { CreateThreadRequest } from '../api/wire';
import { createFakeService } from './testing/fake-service';
import { frames, signInViaStorage, startWidget, type Harness } from './testing/harness';

let harness: Harness | null = null;
let fixture: HTMLElement;
let hostClicks: ReturnType<typeof vi.fn<(event: Event) => void>>;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signInViaStorage();
  fixture = document.createElement('div');
  fixture.innerHTML = `
    <h1 id="headline" style="margin:40px 0 0 40px;width:400px;height:60px">Welcome</h1>
    <a id="target" href="#navigated" style="display:block;margin:40px;width:300px;height:80px;background:#eee">A link</a>
    <div style="height:2000px"></div>`;
  document.body.append(fixture);
  hostClicks = vi.fn<(event: Event) => void>();
  document.getElementById('target')!.addEventListener('click', hostClicks);
});

afterEach(() => {
  harness?.stop();
  harness = null;
  fixture.remove();
  window.scrollTo(0, 0);
});

describe('mounting', () => {
  it('adds exactly one <pinmark-root> with an open shadow root, and destroy() removes it', async () => {
    const before = [...document.body.children];
    harness = await startWidget();
    const added = [...document.body.children].filter((el) => !before.includes(el));
    expect(added).toHaveLength(1);
    expect(added[0]!.localName).toBe('pinmark-root');
    expect(added[0]!.shadowRoot?.mode).toBe('open');
    // The only attributes: the theme (base.css picks the palette) and a manual popover, which puts
    // the widget in the top layer, above any page overlay.
    expect([...added[0]!.attributes].map((a) => `${a.name}=${a.value}`)).toEqual(['data-theme=light', 'popover=manual']);
    harness.pinmark.destroy();
    expect(document.querySelector('pinmark-root')).toBeNull();
    expect([...document.body.children]).toEqual(before);
  });

  it('adopts its stylesheet in the shadow root and declares theme variables on :host', async () => {
    harness = await startWidget();
    const sheets = harness.root().adoptedStyleSheets;
    expect(sheets.length).toBeGreaterThan(0);
    const css = [...sheets[0]!.cssRules].map((rule) => rule.cssText).join('\n');
    // The palette (palette.css) is declared for `:host, :root`: one source with the review app.
    expect(css).toMatch(/:host, :root\s*\{[^}]*--pinmark-accent/);
    expect(css).toMatch(/:host\s*\{[^}]*position: fixed !important/);
    // Its theme switches pick each colour's light or dark value on the host.
    const host = harness.host()!;
    const accent = () => getComputedStyle(host).getPropertyValue('--pinmark-accent').trim();
    expect(accent()).toBe('#4f46e5');
    host.setAttribute('data-theme', 'dark');
    expect(accent()).toBe('#8b95f9');
    expect(getComputedStyle(host).colorScheme).toBe('dark');
    host.setAttribute('data-theme', 'light');
    expect(accent()).toBe('#4f46e5');
  });

  it('falls back to a <style nonce> when constructable stylesheets are unavailable', async () => {
    const replaceSync = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync').mockImplementation(() => {
      throw new Error('unsupported');
    });
    try {
      harness = await startWidget(undefined, { nonce: 'r4nd0m' });
      const style = harness.root().querySelector('style')!;
      expect(style.nonce).toBe('r4nd0m');
      expect(style.textContent).toContain('--pinmark-accent');
      expect(getComputedStyle(harness.host()!).position).toBe('fixed');
    } finally {
      replaceSync.mockRestore();
    }
  });

  // What destroy() leaves behind (listeners, observers, timers, DOM, globals) is counted in src/destroy.test.ts.
});

describe('comment mode', () => {
  it('toggles with the launcher, shows the hint and leaves on Esc', async () => {
    harness = await startWidget();
    const launcher = page.getByRole('button', { name: 'Add comment' });
    await expect.element(launcher).toHaveAttribute('aria-pressed', 'false');
    await launcher.click();
    await expect.element(launcher).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByText('Click anything to comment · Esc to cancel')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(launcher).toHaveAttribute('aria-pressed', 'false');
    expect(page.getByText('Click anything to comment · Esc to cancel').query()).toBeNull();
  });

  it('swallows a click from the moment the launcher shows pressed (no window before listeners attach)', async () => {
    harness = await startWidget();
    const launcher = harness.root().querySelector<HTMLButtonElement>('.pm-launcher')!;
    // Resolves in the same task as the render that presses the launcher, before any effect after paint.
    const pressed = new Promise<void>((resolve) => {
      const watch = new MutationObserver(() => {
        if (launcher.getAttribute('aria-pressed') !== 'true') return;
        watch.disconnect();
        resolve();
      });
      watch.observe(launcher, { attributes: true });
    });
    launcher.click();
    await pressed;
    document.getElementById('target')!.click();
    expect(hostClicks).not.toHaveBeenCalled();
  });

  it('outlines the hovered element without touching its styles', async () => {
    harness = await startWidget();
    await page.getByRole('button', { name: 'Add comment' }).click();
    const target = document.getElementById('target')!;
    const styleBefore = target.getAttribute('style');
    await page.elementLocator(target).hover();
    await frames();
    const outline = harness.root().querySelector<HTMLElement>('.pm-outline')!;
    expect(outline.hidden).toBe(false);
    const a = outline.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    expect(Math.abs(a.left - b.left) + Math.abs(a.top - b.top) + Math.abs(a.width - b.width) + Math.abs(a.height - b.height)).toBeLessThan(
      1,
    );
    expect(target.getAttribute('style')).toBe(styleBefore);
  });

  it('a click drops a pin without the page reacting, and posting creates the thread', async () => {
    const created = vi.fn();
    harness = await startWidget();
    harness.pinmark.on('threadCreated', created);
    await page.getByRole('button', { name: 'Add comment' }).click();
    const target = document.getElementById('target')!;
    await page.elementLocator(target).click({ position: { x: 30, y: 20 } });
    expect(hostClicks).not.toHaveBeenCalled();
    expect(location.hash).not.toBe('#navigated');

    const composer = page.getByRole('dialog', { name: 'New comment' });
    await expect.element(composer).toBeVisible();
    // Its buttons are there from the first frame: nothing arrives later to move Post from under the pointer.
    expect(composer.getByRole('button', { name: 'Attach files' }).query()).not.toBeNull();
    await composer.getByRole('textbox', { name: 'Comment' }).fill('The link\nis too small');
    await composer.getByRole('button', { name: 'Post' }).click();

    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    expect(page.getByRole('dialog', { name: 'New comment' }).query()).toBeNull();
    const post = harness.service.requests.find((r) => r.method === 'POST' && r.path === '/threads')!;
    const body = post.body as CreateThreadRequest;
    expect(post.headers.Authorization).toBe('Bearer pmx_test');
    expect(body).toMatchObject({
      isImageThread: false,
      url: location.href,
      canonicalUrl: canonicalUrlOf(document),
      message: { ops: [{ insert: 'The link\nis too small\n' }] },
      viewModeId: window.innerWidth >= 1024 ? 'desktop' : window.innerWidth >= 768 ? 'tablet' : 'mobile',
    });
    expect(document.querySelector(body.elements[0]!.elementPath)).toBe(target);
    // Playwright clicks on whole pixels, the box may start on a fraction: allow a pixel.
    expect(Math.abs(body.elements[0]!.offsetXPercentage - (30 / 300) * 100)).toBeLessThan(100 / 300 + 0.01);
    expect(Math.abs(body.elements[0]!.offsetYPercentage - (20 / 80) * 100)).toBeLessThan(100 / 80 + 0.01);
    expect(body.elementParents[0]).toMatchObject({ depth: 1, url: location.href });
    // From User-Agent Client Hints: Debian's build says "Chromium", Google's "Chrome".
    expect(body.browserContext).toMatchObject({ browserName: expect.stringMatching(/^Chrom(e|ium)$/), viewportWidth: window.innerWidth });
    expect(created).toHaveBeenCalledWith(expect.objectContaining({ thread: expect.objectContaining({ number: 1 }) }));
  });

  it('a post that fails with 500 is retried by itself and lands once, under one Idempotency-Key', async () => {
    harness = await startWidget();
    harness.service.failNext('POST', '/threads', 500, 'internal_error', 'boom');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Do not lose me');
    await page.getByRole('button', { name: 'Post' }).click();
    // The composer closes at once; the pin shows while the outbox retries.
    expect(page.getByRole('dialog', { name: 'New comment' }).query()).toBeNull();
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    const posts = harness.service.requests.filter((r) => r.method === 'POST' && r.path === '/threads');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
  });

  it('a refused post is marked not sent with Retry and Discard; Discard puts the text back in the composer', async () => {
    harness = await startWidget();
    harness.service.failNext('POST', '/threads', 422, 'validation_failed', 'elements: too many');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Keep these words');
    await page.getByRole('button', { name: 'Post' }).click();
    const failed = page.getByRole('button', { name: 'New comment, not sent' });
    await expect.element(failed).toBeVisible();
    await failed.click();
    const panel = page.getByRole('dialog', { name: 'Unsent comment' });
    await expect.element(panel.getByRole('status').filter({ hasText: 'Not sent.' })).toBeVisible();
    await panel.getByRole('button', { name: 'Discard' }).click();
    expect(page.getByRole('button', { name: 'New comment, not sent' }).query()).toBeNull();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await expect.element(page.getByRole('textbox', { name: 'Comment' })).toHaveTextContent('Keep these words');
  });

  it('shows the pin at once while the server is slow, then numbers it', async () => {
    const service = createFakeService();
    const real = service.fetch;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    service.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return real(input, init);
    }) as typeof fetch;
    harness = await startWidget(service);
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Slow network');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.element(page.getByRole('button', { name: 'New comment, sending' })).toBeVisible();
    release();
    await expect.element(page.getByRole('button', { name: 'Thread 1' })).toBeVisible();
    expect(page.getByRole('button', { name: 'New comment, sending' }).query()).toBeNull();
  });

  it('Esc and Cancel close the composer', async () => {
    harness = await startWidget();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await expect.element(page.getByRole('dialog', { name: 'New comment' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(page.getByRole('dialog', { name: 'New comment' }).query()).toBeNull();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(page.getByRole('dialog', { name: 'New comment' }).query()).toBeNull();
    expect(harness.service.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('ignores clicks inside the widget', async () => {
    harness = await startWidget();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('button', { name: 'Add comment' }).click();
    expect(page.getByRole('dialog', { name: 'New comment' }).query()).toBeNull();
  });
});
