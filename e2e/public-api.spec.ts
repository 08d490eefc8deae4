/**
 * The host's JavaScript API on the real widget (demo/manual.html, which loads the loader without
 * data attributes): init through the loader's stub, identify() with a customer JWT from the demo
 * backend, the events a host receives, setViewMode(), signOut() (pins hidden, sign-in asked again),
 * destroy() (the page's DOM exactly as before init) and a second init. Throughout, the page gains no
 * global but `Pinmark` and no prototype changes.
 */
import { test, expect, type Page } from '@playwright/test';
import { freshPath, launcher, pin, pins, postComment } from './fixtures.ts';

interface Probe {
  events: { name: string; payload: unknown }[];
  newGlobals(): string[];
  changedPrototypes(): string[];
}
type Win = Window & { Pinmark: import('../src/types.ts').PinmarkInstance; pinmarkDemoConfig: import('../src/types.ts').PinmarkOptions };

/** Before any page script: what window and the prototypes look like without the widget. */
function installProbe(): void {
  if (window !== window.top) return;
  const prototypes: Record<string, object> = {
    Object: Object.prototype,
    Array: Array.prototype,
    Function: Function.prototype,
    Element: Element.prototype,
    Node: Node.prototype,
    EventTarget: EventTarget.prototype,
    HTMLElement: HTMLElement.prototype,
    Document: Document.prototype,
    Promise: Promise.prototype,
    String: String.prototype,
    History: History.prototype,
  };
  const shape = (target: object) =>
    new Map(
      Reflect.ownKeys(target).map((key) => {
        const d = Object.getOwnPropertyDescriptor(target, key)!;
        return [key, [d.value, d.get, d.set]] as const;
      }),
    );
  const globals = new Set(Object.getOwnPropertyNames(window));
  const shapes = Object.entries(prototypes).map(([name, target]) => [name, target, shape(target)] as const);
  const probe: Probe = {
    events: [],
    // The demo page defines `pinmarkDemoConfig` itself.
    newGlobals: () =>
      Object.getOwnPropertyNames(window).filter((key) => !globals.has(key) && key !== 'pinmarkDemoConfig' && key !== '__probe'),
    changedPrototypes: () =>
      shapes.flatMap(([name, target, old]) => {
        const now = shape(target);
        const keys = new Set([...old.keys(), ...now.keys()]);
        return [...keys]
          .filter((key) => {
            const [a, b] = [old.get(key), now.get(key)];
            return !a || !b || a.some((value, i) => value !== b[i]);
          })
          .map((key) => `${name}.${String(key)}`);
      }),
  };
  // Not enumerable, and left out of newGlobals(): the probe is the test's, not the widget's.
  Object.defineProperty(window, '__probe', { value: probe, enumerable: false });
}

const probe = (page: Page) => ({
  events: (name?: string) =>
    page.evaluate((n) => {
      const all = (window as unknown as { __probe: Probe }).__probe.events;
      return (n ? all.filter((e) => e.name === n) : all).map((e) => e.payload);
    }, name),
  check: () =>
    page.evaluate(() => {
      const p = (window as unknown as { __probe: Probe }).__probe;
      return { globals: p.newGlobals(), prototypes: p.changedPrototypes() };
    }),
});

const EVENTS = ['ready', 'signedIn', 'signedOut', 'threadCreated', 'messageCreated', 'threadResolved', 'error'];

test('identify, events, setViewMode, signOut, destroy and re-init through window.Pinmark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(installProbe);
  const path = freshPath('public-api', '/manual.html');
  await page.goto(path);
  await page.waitForFunction(() => typeof (window as unknown as Win).Pinmark?.init === 'function');
  const html = () => page.evaluate(() => document.documentElement.outerHTML);
  const beforeInit = await html();
  const { events, check } = probe(page);

  // Subscribed before init, through the loader's queue; payloads are copied as the host sees them.
  await page.evaluate((names) => {
    const w = window as unknown as Win & { __probe: Probe };
    for (const name of names) {
      w.Pinmark.on(name as 'ready', (payload) => void w.__probe.events.push({ name, payload: JSON.parse(JSON.stringify(payload)) }));
    }
    w.Pinmark.init(w.pinmarkDemoConfig);
  }, EVENTS);
  await expect(launcher(page)).toBeVisible();
  await expect.poll(() => events('ready')).toEqual([{ signedIn: false }]);

  // identify() with a customer JWT the demo "backend" signs for its user.
  // The demo backend signs for this browser's shopper (its cookie); `account` picks one of its accounts.
  const who = { account: `api-${Date.now()}`, name: 'Ida Entify', email: 'ida@example.com' };
  const result = await page.evaluate(async (body) => {
    const res = await fetch('/demo/customer-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const { token } = (await res.json()) as { token: string };
    return (window as unknown as Win).Pinmark.identify({ customerToken: token });
  }, who);
  expect(result).toEqual({ ok: true, userId: expect.any(String), name: 'Ida Entify' });
  const userId = (result as { userId: string }).userId;
  expect(await events('signedIn')).toEqual([{ userId, name: 'Ida Entify' }]);
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toHaveCount(0);

  // threadCreated, messageCreated, threadResolved.
  const title = page.locator('#manual-title');
  await postComment(page, title, 'Posted as the identified user');
  const [created] = (await events('threadCreated')) as { thread: { id: string; number: number } }[];
  expect(created!.thread.number).toBeGreaterThan(0);
  await pin(page, created!.thread.number).click();
  const thread = page.getByRole('dialog', { name: `Thread ${created!.thread.number}` });
  await thread.getByLabel('Write a reply').fill('A reply');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await expect.poll(() => events('messageCreated')).toEqual([expect.objectContaining({ threadId: created!.thread.id })]);
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect.poll(() => events('threadResolved')).toEqual([{ threadId: created!.thread.id }]);
  await page.keyboard.press('Escape');

  // setViewMode: a desktop-made pin goes with "mobile", comes back with "all" and "auto".
  const thePin = pin(page, created!.thread.number);
  await expect(thePin).toBeVisible();
  await page.evaluate(() => (window as unknown as Win).Pinmark.setViewMode('mobile'));
  await expect(thePin).toHaveCount(0);
  await page.evaluate(() => (window as unknown as Win).Pinmark.setViewMode('all'));
  await expect(thePin).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show pins from all devices/ })).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => (window as unknown as Win).Pinmark.setViewMode('auto'));
  await expect(thePin).toBeVisible();
  // A bad value: an error event and a warning, no exception, nothing changed.
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  const threw = await page.evaluate(() => {
    try {
      (window as unknown as Win).Pinmark.setViewMode('phone' as 'all');
      return false;
    } catch {
      return true;
    }
  });
  expect(threw).toBe(false);
  expect(await events('error')).toEqual([{ code: 'invalid_argument', status: 0, message: expect.stringContaining('"phone"') }]);
  await expect.poll(() => warnings.filter((w) => w.includes('setViewMode'))).toHaveLength(1);
  await expect(thePin).toBeVisible();

  // signOut: pins hidden, the session gone from storage, sign-in asked again.
  await page.evaluate(() => (window as unknown as Win).Pinmark.signOut());
  await expect(pins(page)).toHaveCount(0);
  expect(await events('signedOut')).toEqual([{ expired: false }]);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('pinmark:session:')))).toEqual([]);
  await launcher(page).click();
  await expect(page.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
  expect(await check()).toEqual({ globals: ['Pinmark'], prototypes: [] });

  // destroy: the page as it was before init.
  await page.evaluate(() => (window as unknown as Win).Pinmark.destroy());
  expect(await html()).toBe(beforeInit);

  // Re-init, and identify with a token function this time: the same user sees the thread again.
  await page.evaluate(() => (window as unknown as Win).Pinmark.init((window as unknown as Win).pinmarkDemoConfig));
  await expect(launcher(page)).toBeVisible();
  const again = await page.evaluate(
    (body) =>
      (window as unknown as Win).Pinmark.identify({
        getCustomerToken: () =>
          fetch('/demo/customer-token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
            .then((r) => r.json())
            .then((b: { token: string }) => b.token),
      }),
    who,
  );
  expect(again).toMatchObject({ ok: true, userId });
  await expect(thePin).toBeVisible();
  expect(await events('ready')).toHaveLength(2);
  await page.evaluate(() => (window as unknown as Win).Pinmark.destroy());
  expect(await html()).toBe(beforeInit);
  expect(await check()).toEqual({ globals: ['Pinmark'], prototypes: [] });
});
