/**
 * Panels in a real layout (follow.ts with placement.ts): the composer opens beside the element it is
 * about, never over it, and on a small screen — decided by the screen's width, not by a page wider
 * than the phone — it is a bottom sheet while the launcher steps aside.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { frames, startWidget, useSignedInPage, type Harness } from './testing/harness';

useSignedInPage(`
  <h1 id="headline" style="position:absolute;left:0;top:60px;width:100%;height:60px;margin:0">Spring sale</h1>
  <a id="buy" href="#bought" style="position:absolute;right:8px;top:300px;width:120px;height:44px;display:block">Buy now</a>
`);

let harness: Harness | null = null;
const undo: (() => void)[] = [];

afterEach(() => {
  harness?.stop();
  harness = null;
  while (undo.length) undo.pop()!();
});

function stubVisualViewport(box: { width: number; height: number; scale: number }): EventTarget & typeof box {
  const fake = Object.assign(new EventTarget(), { offsetLeft: 0, offsetTop: 0, ...box });
  const own = Object.getOwnPropertyDescriptor(window, 'visualViewport');
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => fake });
  undo.push(() => {
    if (own) Object.defineProperty(window, 'visualViewport', own);
    else delete (window as { visualViewport?: unknown }).visualViewport;
  });
  return fake;
}

/** Comment mode, a click on `element` at a relative spot, and the composer once it is placed. */
async function composeOn(element: Element, at = { x: 0.3, y: 0.5 }): Promise<HTMLElement> {
  harness = await startWidget();
  // A DOM click: on the zoomed-out phone the launcher is outside the test's frame.
  const launcher = page.getByRole('button', { name: 'Add comment' });
  await expect.element(launcher).toBeInTheDocument();
  (launcher.element() as HTMLElement).click();
  await expect.element(launcher).toHaveAttribute('aria-pressed', 'true');
  const box = element.getBoundingClientRect();
  await page.elementLocator(element).click({ position: { x: box.width * at.x, y: box.height * at.y } });
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect.element(composer).toBeVisible();
  await frames(3);
  return composer.element() as HTMLElement;
}

function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

describe('panels beside their element', () => {
  it('opens left of a button at the right edge', async () => {
    await page.viewport(1280, 720);
    const buy = document.getElementById('buy')!;
    const composer = await composeOn(buy);
    const box = composer.getBoundingClientRect();
    expect(box.right).toBeLessThanOrEqual(buy.getBoundingClientRect().left);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(composer.classList.contains('pm-popover--sheet')).toBe(false);
  });

  it('opens below a full-width headline', async () => {
    await page.viewport(1280, 720);
    const headline = document.getElementById('headline')!;
    const composer = await composeOn(headline);
    const box = composer.getBoundingClientRect();
    expect(overlap(box, headline.getBoundingClientRect())).toBe(false);
    expect(box.top).toBeGreaterThanOrEqual(headline.getBoundingClientRect().bottom);
    expect(box.bottom).toBeLessThanOrEqual(720);
  });

  it('is a bottom sheet on a phone even when the page is wider than the screen, with the launcher stepped aside', async () => {
    await page.viewport(1280, 720);
    // A 390 × 844 phone showing a 980 px wide page zoomed out: the visual viewport is 980 × 2111 CSS px.
    const viewport = stubVisualViewport({ width: 980, height: 2111, scale: 390 / 980 });
    const composer = await composeOn(document.getElementById('headline')!);
    expect(composer.classList.contains('pm-popover--sheet')).toBe(true);
    const box = composer.getBoundingClientRect();
    // Full width and docked to the bottom of the visible area, in the page's CSS px.
    expect(box.left).toBeCloseTo(0, 0);
    expect(box.width).toBeCloseTo(980, 0);
    expect(box.bottom).toBeCloseTo(2111, 0);
    expect(box.height).toBeLessThanOrEqual(2111 * 0.6 + 1);
    const launcher = harness!.root().querySelector('.pm-launcher')!;
    expect(getComputedStyle(launcher).display).toBe('none');

    // The on-screen keyboard takes 400 of the 844 px: the sheet moves up with the visible area, its text box above the keyboard.
    Object.assign(viewport, { height: 1116 });
    viewport.dispatchEvent(new Event('resize'));
    await frames(2);
    const raised = composer.getBoundingClientRect();
    expect(raised.bottom).toBeCloseTo(1116, 0);
    const textBox = composer.querySelector('[contenteditable]')!.getBoundingClientRect();
    expect(textBox.top).toBeGreaterThanOrEqual(0);
    expect(textBox.bottom).toBeLessThanOrEqual(1116);
  });
});
