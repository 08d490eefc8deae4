/**
 * Test-only: starts the real widget (createPinmark) on the test page against a FakeService, signed
 * in through a session mirrored in sessionStorage, and gives access to its shadow root.
 */
import { afterEach, beforeEach } from 'vitest';
import { page } from 'vitest/browser';
import { createPinmark } from '../../pinmark';
import type { PinmarkInstance, PinmarkOptions } from '../../types';
import { createFakeService, type FakeService } from './fake-service';

// Screenshots are off here (the fake service has no storage); e2e/qa-report.spec.ts covers them.
export const OPTIONS: PinmarkOptions = {
  publicKey: 'pk_test',
  markupId: 'm1',
  apiBase: 'http://api.test',
  screenshot: { enabled: false },
};
const SESSION_KEY = `pinmark:session:${OPTIONS.publicKey}:${OPTIONS.markupId}`;

export function signInViaStorage(name = 'Ada Reviewer'): void {
  sessionStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ exchangeToken: 'pmx_test', expiresAt: new Date(Date.now() + 3600_000).toISOString(), userId: 'u1', name }),
  );
}

export interface Harness {
  pinmark: PinmarkInstance;
  service: FakeService;
  root(): ShadowRoot;
  host(): HTMLElement | null;
  stop(): void;
}

/** The outbox keeps unsent comments in IndexedDB across page loads: each test starts with none. */
export function clearOutbox(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('pinmark-outbox');
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

export async function startWidget(service: FakeService = createFakeService(), options: Partial<PinmarkOptions> = {}): Promise<Harness> {
  await clearOutbox();
  const restoreFetch = service.install();
  const pinmark = createPinmark();
  const ready = new Promise((resolve) => pinmark.on('ready', resolve));
  pinmark.init({ ...OPTIONS, ...options });
  await ready;
  const host = () => document.querySelector<HTMLElement>('pinmark-root');
  return {
    pinmark,
    service,
    host,
    root: () => {
      const root = host()?.shadowRoot;
      if (!root) throw new Error('widget not mounted');
      return root;
    },
    stop() {
      pinmark.destroy();
      restoreFetch();
      sessionStorage.clear();
      localStorage.clear();
    },
  };
}

/** Waits for `count` animation frames (default two: the pin layer writes in the frame after a change). */
export async function frames(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

export function centerOf(element: Element): { x: number; y: number } {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Each test of the file gets a signed-in, desktop-wide page holding `html` (the threads of the fake
 * service were made on desktop, and only this device class's pins show), and nothing left after it.
 */
export function useSignedInPage(html: string): void {
  let fixture: HTMLElement | null = null;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    sessionStorage.clear();
    localStorage.clear();
    signInViaStorage();
    fixture = document.createElement('div');
    fixture.innerHTML = html;
    document.body.append(fixture);
  });
  afterEach(() => {
    fixture?.remove();
    window.scrollTo(0, 0);
  });
}
