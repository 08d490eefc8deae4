/**
 * The hostile pages of demo/hostile/ the widget is tested on (hostile.spec.ts), each with its own
 * checks after the common flow: a strict CSP, `!important` resets, overlays at the maximum z-index,
 * patched globals, a replaced <body>, quirks mode, right to left, CSS zoom and a foreign <base href>.
 */
import { expect, type Page } from '@playwright/test';
import { centerOf, expectNear, launcher, pins, postComment, serverThreadsOn } from './fixtures.ts';
import type { Win } from './hostile-probe.ts';

export interface Case {
  page: string;
  /** Checks of its own, after the common flow (the thread panel is open). */
  extra?: (page: Page, path: string) => Promise<void>;
  before?: (page: Page) => Promise<void>;
  tolerance?: number;
}

export const CASES: Record<string, Case> = {
  'strict CSP with nonces': { page: 'csp' },
  'strict CSP: <style nonce> fallback, natives borrowed from an iframe': {
    page: 'csp',
    before: async (page) => {
      await page.addInitScript(() => {
        // Like a page script, unlike Playwright's init scripts: only the page itself, not its iframes.
        if (window !== window.top) return;
        delete (CSSStyleSheet.prototype as { replaceSync?: unknown }).replaceSync;
        // A wrapped fetch makes util/natives.ts borrow from a sandbox iframe, under this CSP.
        const pageFetch = window.fetch;
        window.fetch = (...args: Parameters<typeof fetch>) => pageFetch(...args);
      });
    },
    extra: async (page) => {
      expect(await page.locator('iframe').count()).toBe(0);
      const styles = await page.evaluate(() =>
        [...document.querySelector('pinmark-root')!.shadowRoot!.querySelectorAll('style')].map((s) => s.nonce),
      );
      expect(styles.length).toBeGreaterThan(0);
      expect(styles.every((nonce) => (nonce ?? '').length > 10)).toBe(true);
      const box = (await launcher(page).boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([52, 52]);
    },
  },
  '!important resets': {
    page: 'important',
    extra: async (page) => {
      const look = await launcher(page).evaluate((b) =>
        ['width', 'borderRadius', 'backgroundColor'].map((k) => getComputedStyle(b)[k as 'width']),
      );
      expect(look).toEqual(['52px', '50%', 'rgb(79, 70, 229)']);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('pinmark-root')!, '::backdrop').display)).toBe('none');
      // <body> is transformed: were the host a fixed child of it, it would scroll away with the page.
      const card = (await page.locator('#card-a').boundingBox())!;
      await page.mouse.wheel(0, 100);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(100);
      const dock = (await launcher(page).boundingBox())!;
      expect([dock.y > 720 - 100, dock.y + dock.height <= 720]).toEqual([true, true]);
      await expectNear(
        () => centerOf(pins(page).first()),
        async () => ({ x: card.x + card.width / 4, y: card.y + card.height / 2 - 100 }),
        2,
      );
    },
  },
  'overlays at the maximum z-index': {
    page: 'overlay',
    extra: async (page, path) => {
      // The launcher is above the banner that arrived after it, and the page's own banner still works…
      const at = await centerOf(launcher(page));
      const stack = await page.evaluate(({ x, y }) => document.elementsFromPoint(x, y).map((e) => e.id || e.tagName), at);
      expect(stack[0]).toBe('PINMARK-ROOT');
      expect(stack).toContain('cookie-banner');
      // …and a comment-mode click on the page's banner pins the banner: it is what the reviewer sees.
      // Its pin and thread are drawn above the banner.
      await page.keyboard.press('Escape');
      await postComment(page, page.locator('#cookie-text'), 'The banner hides the footer');
      const onBanner = (await serverThreadsOn(path)).find((t) => t.messages[0]?.message === 'The banner hides the footer')!;
      expect(await page.evaluate((p) => !!document.querySelector(p)?.closest('#cookie-banner'), onBanner.elements[0]!.path)).toBe(true);
      const bannerPin = page.getByRole('button', { name: `Thread ${onBanner.number}`, exact: true });
      const underPin = ({ x, y }: { x: number; y: number }) =>
        document
          .elementsFromPoint(x, y)
          .slice(0, 2)
          .map((e) => e.closest('#cookie-banner')?.id ?? e.tagName);
      expect(await page.evaluate(underPin, await centerOf(bannerPin))).toEqual(['PINMARK-ROOT', 'cookie-banner']);
      await bannerPin.click();
      const panel = page.getByRole('dialog', { name: `Thread ${onBanner.number}` });
      await expect(panel).toContainText('The banner hides the footer');
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, await centerOf(panel))).toBe('PINMARK-ROOT');
      await page.keyboard.press('Escape');
      await page.locator('#cookie-accept').click();
      await expect(page.locator('#cookie-banner')).toHaveCount(0);
    },
  },
  'patched globals': {
    page: 'globals',
    extra: async (page) => {
      // The page keeps its patches: the widget worked around them, it did not "repair" them.
      expect(await page.evaluate(() => JSON.stringify([1, 2]))).toBe('"[1, 2]"');
    },
  },
  'a single-page app that replaces <body>': {
    page: 'spa',
    extra: async (page) => {
      const spot = await centerOf(pins(page).first());
      await page.keyboard.press('Escape');
      for (const how of ['assign', 'replaceChild', 'innerHTML', 'html']) {
        await page.evaluate((h) => (window as unknown as Win).hostile!.replaceBody(h), how);
        await expect(launcher(page)).toBeVisible();
        expect(
          await page.evaluate(() => [...document.querySelectorAll('pinmark-root')].map((e) => e.parentElement === document.body)),
        ).toEqual([true]);
        await expect(pins(page)).toHaveCount(1);
        await expect.poll(async () => Math.abs((await centerOf(pins(page).first())).y - spot.y)).toBeLessThanOrEqual(2);
      }
    },
  },
  'quirks mode': {
    page: 'quirks',
    extra: async (page) => expect(await page.evaluate(() => document.compatMode)).toBe('BackCompat'),
  },
  'right to left': {
    page: 'rtl',
    extra: async (page) => {
      const box = (await launcher(page).boundingBox())!;
      expect(box.x).toBeGreaterThan(1280 - 100);
    },
  },
  'CSS zoom on html and body': { page: 'zoom', tolerance: 3 },
  '<base href> on another origin': { page: 'base' },
};
