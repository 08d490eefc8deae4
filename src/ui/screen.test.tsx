/**
 * The screen layer follows the visual viewport (screen.ts) and touch-only devices get touch words
 * (touch.ts). A desktop test browser has no pinch-zoom or on-screen keyboard, so `visualViewport`
 * and the touch media query are stood in for; layout, transforms and clicks are the browser's own.
 * e2e/mobile.spec.ts runs the same on Chromium's real mobile emulation.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { frames, startWidget, useSignedInPage, type Harness } from './testing/harness';
import { TOUCH_ONLY_QUERY } from './touch';

/** A stand-in for `window.visualViewport` that counts its listeners. */
class FakeViewport extends EventTarget {
  offsetLeft = 0;
  offsetTop = 0;
  width = 1280;
  height = 800;
  scale = 1;
  listening = 0;
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    this.listening += 1;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>): void {
    this.listening -= 1;
    super.removeEventListener(...args);
  }
  /** Moves the visual viewport as pinch-zoom, panning or a keyboard would, with the browser's event. */
  move(box: Partial<Pick<FakeViewport, 'offsetLeft' | 'offsetTop' | 'width' | 'height' | 'scale'>>, type = 'resize'): void {
    Object.assign(this, box);
    this.dispatchEvent(new Event(type));
  }
}

let harness: Harness | null = null;
const undo: (() => void)[] = [];

function stubVisualViewport(value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(window, 'visualViewport');
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => value });
  undo.push(() => {
    if (own) Object.defineProperty(window, 'visualViewport', own);
    else delete (window as { visualViewport?: unknown }).visualViewport;
  });
}

/** A media query list for the touch-only query that matches `matches` (changeable). */
function stubTouchOnly(matches: boolean): MediaQueryList {
  const list = Object.assign(new EventTarget(), {
    matches,
    media: TOUCH_ONLY_QUERY,
    onchange: null,
    addListener() {},
    removeListener() {},
  });
  const real = window.matchMedia.bind(window);
  const spy = vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query) => (query === TOUCH_ONLY_QUERY ? (list as unknown as MediaQueryList) : real(query)));
  undo.push(() => spy.mockRestore());
  return list as unknown as MediaQueryList;
}

useSignedInPage(
  `<a id="spot" href="#spot-clicked" style="position:absolute;left:140px;top:90px;width:200px;height:60px;display:block;background:#eee">Spot</a>`,
);

afterEach(() => {
  harness?.stop();
  harness = null;
  while (undo.length) undo.pop()!();
});

function launcherBox(): DOMRect {
  return harness!.root().querySelector('.pm-launcher')!.getBoundingClientRect();
}

async function started(): Promise<Harness> {
  harness = await startWidget();
  await expect.element(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  await frames();
  return harness;
}

describe('the screen layer', () => {
  it('puts the launcher in the corner of the visual viewport, not of the layout viewport', async () => {
    const viewport = new FakeViewport();
    Object.assign(viewport, { offsetLeft: 100, offsetTop: 50, width: 500, height: 300 });
    stubVisualViewport(viewport);
    await started();
    const box = launcherBox();
    expect(box.right).toBeCloseTo(100 + 500 - 20, 0);
    expect(box.bottom).toBeCloseTo(50 + 300 - 20, 0);
    expect(box.width).toBeCloseTo(52, 0);
  });

  it('keeps the launcher its size on screen under pinch-zoom, and follows panning and the keyboard', async () => {
    const viewport = new FakeViewport();
    stubVisualViewport(viewport);
    await started();
    // Zoomed in 2×: 400 × 250 CSS px of the page fill the screen, starting at (200, 100).
    viewport.move({ offsetLeft: 200, offsetTop: 100, width: 400, height: 250, scale: 2 });
    let box = launcherBox();
    expect(box.width * 2).toBeCloseTo(52, 0); // 26 CSS px at 2× = 52 px on screen
    expect(box.right).toBeCloseTo(200 + 400 - 10, 0); // 20 screen px = 10 CSS px from the edge
    expect(box.bottom).toBeCloseTo(100 + 250 - 10, 0);
    // Panned right (a scroll of the visual viewport), then the on-screen keyboard takes half the height.
    viewport.move({ offsetLeft: 300 }, 'scroll');
    viewport.move({ height: 125 });
    box = launcherBox();
    expect(box.right).toBeCloseTo(300 + 400 - 10, 0);
    expect(box.bottom).toBeCloseTo(100 + 125 - 10, 0);
  });

  it('places the composer inside the visual viewport, at its on-screen size, beside its element', async () => {
    const viewport = new FakeViewport();
    Object.assign(viewport, { offsetLeft: 100, offsetTop: 50, width: 600, height: 500, scale: 2 });
    stubVisualViewport(viewport);
    await started();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.elementLocator(document.getElementById('spot')!).click({ position: { x: 20, y: 20 } });
    const composer = page.getByRole('dialog', { name: 'New comment' });
    await expect.element(composer).toBeVisible();
    await frames();
    const box = composer.element().getBoundingClientRect();
    // 340 px wide on screen = 170 CSS px at 2×, inside the visible 600 × 500 from (100, 50).
    expect(box.width).toBeCloseTo(170, 0);
    expect(box.left).toBeGreaterThanOrEqual(100);
    expect(box.right).toBeLessThanOrEqual(700);
    expect(box.top).toBeGreaterThanOrEqual(50);
    expect(box.bottom).toBeLessThanOrEqual(550);
    // Beside its element (#spot, 140–340 × 90–150), not over it: right of it by the panel's gap of
    // 10 screen px = 5 CSS px (placement.ts).
    expect(box.left).toBeCloseTo(340 + 5, 0);
    expect(location.hash).not.toBe('#spot-clicked');
  });

  it('stays in the visual viewport on a page with CSS zoom (no review layer yet to undo it)', async () => {
    sessionStorage.clear(); // signed out: the overlay engine, which undoes the page's zoom, never loads
    document.documentElement.style.zoom = '1.25';
    undo.push(() => (document.documentElement.style.zoom = ''));
    const viewport = new FakeViewport();
    Object.assign(viewport, { offsetLeft: 100, offsetTop: 50, width: 500, height: 300 });
    stubVisualViewport(viewport);
    await started();
    const box = launcherBox();
    // The page's zoom scales the launcher and its 20 px margin (as before), but not the screen.
    expect(box.width).toBeCloseTo(52 * 1.25, 0);
    expect(box.right).toBeCloseTo(100 + 500 - 20 * 1.25, 0);
    expect(box.bottom).toBeCloseTo(50 + 300 - 20 * 1.25, 0);
  });

  it('without visualViewport, keeps the launcher in the corner of the layout viewport', async () => {
    stubVisualViewport(undefined);
    await started();
    const box = launcherBox();
    expect(box.right).toBeCloseTo(document.documentElement.clientWidth - 20, 0);
    expect(box.bottom).toBeCloseTo(document.documentElement.clientHeight - 20, 0);
  });

  it('destroy() removes its visual viewport listeners', async () => {
    const viewport = new FakeViewport();
    stubVisualViewport(viewport);
    await started();
    expect(viewport.listening).toBe(2);
    harness!.stop();
    harness = null;
    expect(viewport.listening).toBe(0);
  });
});

describe('touch words', () => {
  it('says "Tap anything to comment" and no key hints on a touch-only device, and follows a change', async () => {
    const touch = stubTouchOnly(true);
    await started();
    await page.getByRole('button', { name: 'Add comment' }).click();
    const hint = harness!.root().querySelector('.pm-hint')!;
    await expect.element(page.getByText('Tap anything to comment', { exact: true })).toBeVisible();
    expect(hint.textContent).not.toMatch(/Esc|Tab|Click/);

    await page.elementLocator(document.getElementById('spot')!).click();
    const composer = page.getByRole('dialog', { name: 'New comment' });
    await expect.element(composer).toBeVisible();
    expect(composer.element().textContent).not.toContain('Ctrl+Enter');
    expect(harness!.root().querySelector('.pm-shortcut')!.textContent).toBe('');

    // A keyboard and mouse attached (a tablet in its dock): the key hints come back.
    Object.assign(touch, { matches: false });
    touch.dispatchEvent(new Event('change'));
    await expect.element(composer.getByText('Ctrl+Enter to post')).toBeVisible();
  });

  it('keeps the mouse and keyboard words elsewhere', async () => {
    stubTouchOnly(false);
    await started();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect.element(page.getByText('Click anything to comment · Esc to cancel')).toBeVisible();
  });
});
