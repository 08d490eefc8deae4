/**
 * The host's methods on the real widget against the fake service: identify() (silent sign-in after
 * start, switching users without handing one user's outbox to the other), signOut(), setViewMode()
 * and on(); none of them ever throws or rejects into the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from './anchor';
import type { ThreadResponse } from './api/wire';
import { createFakeService, makeThread, type FakeService } from './ui/testing/fake-service';
import { withExchange } from './ui/testing/exchange';
import { signInViaStorage, startWidget, type Harness } from './ui/testing/harness';

const KEY = 'pinmark:session:pk_test:m1';
let harness: Harness | null = null;
let fixture: HTMLElement;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await page.viewport(1280, 800);
  sessionStorage.clear();
  localStorage.clear();
  fixture = document.createElement('div');
  fixture.innerHTML = `<h1 id="headline" style="margin:40px;width:400px;height:60px">Welcome</h1>
    <p id="second" style="margin:40px;width:300px;height:60px">Second</p>`;
  document.body.append(fixture);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  harness?.stop();
  harness = null;
  fixture.remove();
  vi.restoreAllMocks();
});

const launcher = () => page.getByRole('button', { name: 'Add comment' });
const bearerOf = (service: FakeService, path: string) =>
  service.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.headers.Authorization);

describe('identify()', () => {
  it('signs the host user in after start, emits signedIn and loads the threads with the new token', async () => {
    harness = await startWidget(withExchange(createFakeService()));
    const signedIn = vi.fn();
    harness.pinmark.on('signedIn', signedIn);
    await expect(harness.pinmark.identify({ customerToken: 'tok-u5' })).resolves.toEqual({ ok: true, userId: 'u5', name: 'User u5' });
    expect(signedIn).toHaveBeenCalledExactlyOnceWith({ userId: 'u5', name: 'User u5' });
    expect(harness.service.requests.find((r) => r.path === '/threads')!.headers.Authorization).toBe('Bearer pmx_u5');
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject({ userId: 'u5', exchangeToken: 'pmx_u5' });
    // A function is asked for the token (and asked again at every renewal).
    const get = vi.fn(() => Promise.resolve('tok-u6'));
    await expect(harness.pinmark.identify({ getCustomerToken: get })).resolves.toMatchObject({ ok: true, userId: 'u6' });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('never rejects: bad input, no init and a refused token resolve { ok: false } with an error event and one warning each', async () => {
    harness = await startWidget(withExchange(createFakeService(), { refuse: true }));
    const errors = vi.fn();
    harness.pinmark.on('error', errors);
    const bad = await harness.pinmark.identify({ customerToken: '' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('customerToken') } });
    const both = await harness.pinmark.identify({ customerToken: 'a', identityToken: 'b' } as never);
    expect(both).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(harness.service.requests.some((r) => r.path === '/auth/exchange')).toBe(false);

    const refused = await harness.pinmark.identify({ customerToken: 'tok-u5' });
    expect(refused).toEqual({ ok: false, error: { code: 'invalid_token', status: 401, message: 'Bad customer token' } });
    expect(errors).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(3);
    await expect.element(launcher()).toBeVisible();

    const idle = (await import('./pinmark')).createPinmark();
    await expect(idle.identify({ customerToken: 'x' })).resolves.toMatchObject({ ok: false, error: { code: 'not_initialized' } });
  });

  it('a refused identify() while signed in leaves nobody signed in (never the previous user)', async () => {
    signInViaStorage();
    harness = await startWidget(withExchange(createFakeService(), { refuse: true }));
    const signedOut = vi.fn();
    harness.pinmark.on('signedOut', signedOut);
    await expect(harness.pinmark.identify({ customerToken: 'tok-u2' })).resolves.toMatchObject({ ok: false });
    expect(signedOut).toHaveBeenCalledWith({ expired: false });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it("switching users: the first user's unsent comment is not sent as the second, and goes out when they are back", async () => {
    const control = { blockPosts: true };
    signInViaStorage(); // u1, token pmx_test
    harness = await startWidget(withExchange(createFakeService(), control));
    await launcher().click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Written by u1');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.element(page.getByRole('button', { name: 'New comment, sending' })).toBeVisible();
    await vi.waitFor(() => expect(bearerOf(harness!.service, '/threads')).toEqual(['Bearer pmx_test']));

    await expect(harness.pinmark.identify({ customerToken: 'tok-u2' })).resolves.toMatchObject({ ok: true, userId: 'u2' });
    // u2 does not see u1's unsent pin, and nothing of u1's is sent with u2's token, even after a retry's delay.
    await vi.waitFor(() => expect(page.getByRole('button', { name: 'New comment, sending' }).query()).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(bearerOf(harness.service, '/threads').every((bearer) => bearer === 'Bearer pmx_test')).toBe(true);

    control.blockPosts = false;
    const created = vi.fn();
    harness.pinmark.on('threadCreated', created);
    await expect(harness.pinmark.identify({ customerToken: 'tok-u1' })).resolves.toMatchObject({ ok: true, userId: 'u1' });
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(bearerOf(harness.service, '/threads').at(-1)).toBe('Bearer pmx_u1');
  });
});

describe('signOut()', () => {
  function placed(number: number, path: string): ThreadResponse {
    return makeThread(number, {
      canonicalUrl: canonicalUrlOf(document),
      elements: [
        { id: 'e', threadId: `thread-${number}`, path, offsetXPercentage: 50, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 },
      ],
    });
  }

  it('clears the session and storage, closes panels, hides pins and asks to sign in again', async () => {
    signInViaStorage();
    harness = await startWidget(createFakeService({ threads: [placed(1, '#headline')] }));
    const signedOut = vi.fn();
    harness.pinmark.on('signedOut', signedOut);
    const pin = page.getByRole('button', { name: 'Thread 1', exact: true });
    await pin.click();
    await expect.element(page.getByRole('dialog', { name: 'Thread 1' })).toBeVisible();

    harness.pinmark.signOut();
    expect(signedOut).toHaveBeenCalledExactlyOnceWith({ expired: false });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await vi.waitFor(() => expect(pin.query()).toBeNull());
    expect(page.getByRole('dialog').query()).toBeNull();
    await launcher().click();
    await expect.element(page.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
    // Twice is harmless and emits nothing more.
    harness.pinmark.signOut();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});

describe('setViewMode()', () => {
  const onDevice = (number: number, path: string, viewModeId: string) =>
    makeThread(number, {
      canonicalUrl: canonicalUrlOf(document),
      viewModeId,
      elements: [
        { id: 'e', threadId: `thread-${number}`, path, offsetXPercentage: 50, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 },
      ],
    });
  const pin = (number: number) => page.getByRole('button', { name: `Thread ${number}`, exact: true });

  it("shows all device classes, one forced class, or the viewport's again; a bad value is an error event", async () => {
    signInViaStorage();
    const service = createFakeService({ threads: [onDevice(1, '#headline', 'desktop'), onDevice(2, '#second', 'mobile')] });
    harness = await startWidget(service);
    await expect.element(pin(1)).toBeVisible();
    expect(pin(2).query()).toBeNull();

    harness.pinmark.setViewMode('all');
    await expect.element(pin(2)).toBeVisible();
    await expect.element(pin(1)).toBeVisible();
    await expect.element(page.getByRole('button', { name: /^Show pins from all devices/ })).toHaveAttribute('aria-pressed', 'true');

    harness.pinmark.setViewMode('mobile');
    await expect.element(pin(2)).toBeVisible();
    await vi.waitFor(() => expect(pin(1).query()).toBeNull());

    const errors = vi.fn();
    harness.pinmark.on('error', errors);
    expect(() => harness!.pinmark.setViewMode('phone' as never)).not.toThrow();
    expect(errors).toHaveBeenCalledExactlyOnceWith({
      code: 'invalid_argument',
      status: 0,
      message: 'setViewMode() must be one of "auto", "all", "desktop", "tablet", "mobile", got "phone".',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    await expect.element(pin(2)).toBeVisible(); // unchanged

    harness.pinmark.setViewMode('auto');
    await expect.element(pin(1)).toBeVisible();
    await vi.waitFor(() => expect(pin(2).query()).toBeNull());
  });

  it('a forced device class is the one new threads are posted under', async () => {
    signInViaStorage();
    harness = await startWidget(createFakeService(), { viewMode: 'tablet' });
    await launcher().click();
    await page.elementLocator(document.getElementById('headline')!).click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Tablet view');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.element(pin(1)).toBeVisible();
    expect(harness.service.requests.find((r) => r.method === 'POST' && r.path === '/threads')!.body).toMatchObject({
      viewModeId: 'tablet',
    });
  });
});

describe('on()', () => {
  it('returns an unsubscribe; a throwing handler neither breaks the widget nor the other handlers', async () => {
    signInViaStorage();
    harness = await startWidget();
    const thrower = vi.fn(() => {
      throw new Error('host bug');
    });
    const other = vi.fn();
    const off = harness.pinmark.on('signedOut', thrower);
    harness.pinmark.on('signedOut', other);
    const gone = vi.fn();
    harness.pinmark.on('signedOut', gone)();
    harness.pinmark.signOut();
    expect(thrower).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledWith({ expired: false });
    expect(gone).not.toHaveBeenCalled();
    off();
    await launcher().click();
    await expect.element(page.getByRole('button', { name: 'Sign in to comment' })).toBeVisible();
    // Not a function, unknown event: an error event and a warning, still an unsubscribe, never a throw.
    const errors = vi.fn();
    harness.pinmark.on('error', errors);
    expect(typeof harness.pinmark.on('ready', 'nope' as never)).toBe('function');
    expect(typeof harness.pinmark.on('threadcreated' as never, () => {})).toBe('function');
    expect(errors.mock.calls.map(([e]) => e.message)).toEqual([
      'on("ready") needs a function, got "nope".',
      expect.stringMatching(/^on\(\): unknown event "threadcreated"; known: ready, signedIn, /),
    ]);
  });
});
