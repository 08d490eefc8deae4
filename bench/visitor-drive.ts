/**
 * The browser side of the visitor bench (visitor.ts), in real Chromium against a running server:
 * what a visitor downloads without touching anything, how soon a returning reviewer sees pins, and
 * how long a first-time reviewer waits from the click to the sign-in panel on a slow phone network.
 * Nothing of the test tool runs in the page during a measurement except the small watchers given
 * to `addInitScript` as strings.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** DevTools' "Fast 3G" (latency and throughput after its adjustment factors). */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1_000_000) / 8, uploadThroughput: (675 * 1000) / 8 };
export const CPU_SLOWDOWN = 4;

/** Bytes a visitor's browser fetched for the widget while they only read the page. */
export async function visitorBytes(browser: Browser, url: string): Promise<{ transfer: number; files: string[]; launcherMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(`performance.getEntriesByName('pinmark:launcher-visible').length > 0`);
    await page.waitForTimeout(2_000);
    return (await page.evaluate(`(() => {
      const entries = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/widget/'));
      const mark = (name) => performance.getEntriesByName(name)[0].startTime;
      return {
        transfer: entries.reduce((sum, e) => sum + e.transferSize, 0),
        files: entries.map((e) => new URL(e.name).pathname.replace('/widget/', '').replace(/-[\\w-]{8}\\.js$/, '.js')),
        launcherMs: mark('pinmark:launcher-visible') - mark('pinmark:loader-start'),
      };
    })()`)) as { transfer: number; files: string[]; launcherMs: number };
  } finally {
    await context.close();
  }
}

/** Watches the widget's shadow root each frame and stamps when `selector` first appears there. */
const stampWhen = (selector: string, name: string) => `(() => {
  const look = () => {
    const root = document.querySelector('pinmark-root:last-of-type');
    if (root && root.shadowRoot && root.shadowRoot.querySelector(${JSON.stringify(selector)})) { window.${name} = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

/** Navigation start → the first pin drawn, for a reviewer whose session is in this tab. */
export async function returningToPins(browser: Browser, url: string, sessionKey: string, session: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(sessionKey)}, ${JSON.stringify(session)});`);
    await context.addInitScript(stampWhen('.pm-pin[data-thread-id]', '__pins'));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction('window.__pins !== undefined', undefined, { timeout: 30_000 });
    return (await page.evaluate('window.__pins')) as number;
  } finally {
    await context.close();
  }
}

async function throttled(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

export interface ClickToPanel {
  /** The press on the launcher → the sign-in panel drawn. */
  clickMs: number;
  /** The pointer's first move towards the launcher → the panel drawn. */
  approachMs: number;
}

/**
 * A first-time reviewer on Fast 3G and a ×4 slower CPU, cold cache: the page loads, the pointer
 * travels to the launcher from 600 px away in `travelMs` (a hand's usual time for that distance),
 * clicks, and the sign-in panel appears.
 */
export async function firstClickToPanel(browser: Browser, url: string, travelMs = 800): Promise<ClickToPanel> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await context.addInitScript(stampWhen('[role="dialog"][aria-label="Sign in"]', '__panel'));
    await context.addInitScript(`addEventListener('pointerdown', () => { window.__pressed = performance.now(); }, true);
      addEventListener('pointermove', () => { if (window.__moved === undefined) window.__moved = performance.now(); }, true);`);
    const page = await context.newPage();
    await throttled(context, page);
    await page.goto(url);
    await page.waitForFunction(`performance.getEntriesByName('pinmark:launcher-visible').length > 0`, undefined, { timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const box = (await page.evaluate(`(() => {
      const root = document.querySelector('pinmark-root');
      const r = root.shadowRoot.querySelector('.pm-launcher').getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    })()`)) as { x: number; y: number };
    const start = { x: box.x - 480, y: box.y - 360 };
    await page.mouse.move(start.x, start.y);
    await page.evaluate('window.__moved = undefined');
    const steps = 16;
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      await page.mouse.move(start.x + (box.x - start.x) * t, start.y + (box.y - start.y) * t);
      await page.waitForTimeout(travelMs / steps);
    }
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction('window.__panel !== undefined', undefined, { timeout: 60_000 });
    const [panel, pressed, moved] = (await page.evaluate('[window.__panel, window.__pressed, window.__moved]')) as number[];
    return { clickMs: panel! - pressed!, approachMs: panel! - moved! };
  } finally {
    await context.close();
  }
}
