/**
 * What a visitor downloads: launcher.js only, until they show intent (near, focus, press) or the
 * host asks (`open`, `identify`); a known reviewer gets app.js at once. The launcher hands over to
 * the widget, and goes away with `destroy()` or a failed load.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PinmarkInstance } from '../types';
import { installPinmarkLoader, type LoaderExtras } from './stub';
import { deferredImport, fakeInstance, script, tick } from './test-kit';

const LAUNCHER = 'https://cdn.test/widget/launcher.js';
const APP = 'https://cdn.test/widget/app.js';
const keys = { publicKey: 'pk_v', markupId: 'm_v' };

function visit(data: Record<string, string> = keys, options: { eager?: boolean } = { eager: false }) {
  const win: { Pinmark?: PinmarkInstance } = {};
  const load = deferredImport(options);
  installPinmarkLoader(win, script(data), load.importer);
  return { win, load, api: () => win.Pinmark! };
}

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', location.pathname);
});

describe('loader: what a visitor downloads', () => {
  it('a visitor who shows no intent gets the launcher and nothing else', async () => {
    const { load } = visit();
    await tick();
    await tick();
    expect(load.urls).toEqual([LAUNCHER]);
    expect(load.launcher.shown).toEqual([expect.objectContaining({ ...keys, apiBase: 'https://cdn.test' })]);
  });

  it('intent fetches app.js once; the launcher pressed before it arrived opens the widget when it has', async () => {
    const { load } = visit();
    await tick();
    load.launcher.hooks!.intent();
    load.launcher.hooks!.intent();
    load.launcher.hooks!.open();
    expect(load.urls).toEqual([LAUNCHER, APP]);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls.map(([method]) => method)).toEqual(['init', 'open']);
  });

  it.each([
    ['open()', (api: PinmarkInstance) => api.open()],
    ['identify()', (api: PinmarkInstance) => void api.identify({ customerToken: 'jwt' })],
  ])('the host calling %s fetches app.js at once', async (_name, call) => {
    const { load, api } = visit();
    call(api());
    expect(load.urls).toContain(APP);
  });

  it.each([
    ['a session in this tab', () => sessionStorage.setItem(`pinmark:session:${keys.publicKey}:${keys.markupId}`, '{}'), keys],
    ['a link to a thread', () => history.replaceState(null, '', '#pinmark-thread=abc'), keys],
    ['a QA page', () => {}, { ...keys, mode: 'qa' }],
  ])('%s: app.js at once, and no launcher.js', async (_name, arrange, data) => {
    arrange();
    const { load } = visit(data);
    await tick();
    expect(load.urls).toEqual([APP]);
  });

  it('a host token source in init() makes a known reviewer', () => {
    const { load, api } = visit({});
    expect(load.urls).toEqual([]);
    api().init({ ...keys, apiBase: 'https://api.test', getCustomerToken: async () => 'jwt' });
    expect(load.urls).toEqual([APP]);
  });

  it('hands the launcher to the widget, which takes it off; a launcher arriving late never shows', async () => {
    const { load } = visit();
    await tick();
    load.launcher.hooks!.intent();
    let extras: LoaderExtras | undefined;
    load.resolve({
      createPinmark: (_options, given) => {
        extras = given;
        return fakeInstance().instance;
      },
    });
    await tick();
    load.launcher.focused = true;
    expect(extras!.launcher!.hasFocus()).toBe(true);
    extras!.launcher!.remove();
    expect(load.launcher.removed).toBe(1);
    expect(extras!.launcher!.hasFocus()).toBe(false);
  });

  it('destroy() before app.js takes the launcher off at once', async () => {
    const { load, api } = visit();
    await tick();
    api().destroy();
    expect(load.launcher.removed).toBe(1);
  });

  it('destroy() before launcher.js arrived: it never shows', async () => {
    const { load, api } = visit();
    api().destroy();
    await tick();
    expect(load.launcher.shown).toEqual([]);
  });

  it('app.js failing to load takes the launcher off (a button that can never open is worse than none)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { load } = visit();
      await tick();
      load.launcher.hooks!.intent();
      load.reject(new TypeError('Failed to fetch dynamically imported module'));
      await tick();
      expect(load.launcher.removed).toBe(1);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('launcher.js failing to load falls back to app.js', async () => {
    const win: { Pinmark?: PinmarkInstance } = {};
    const urls: string[] = [];
    const importer = (url: string) => {
      urls.push(url);
      return url === LAUNCHER ? Promise.reject(new TypeError('blocked')) : new Promise(() => {});
    };
    installPinmarkLoader(win, script(keys), importer);
    await tick();
    expect(urls).toEqual([LAUNCHER, APP]);
  });
});

describe('loader: `ready` for a visitor', () => {
  it('is told once the launcher is drawn, and the widget arriving later does not tell it twice', async () => {
    const { load, api } = visit({});
    const told: unknown[] = [];
    api().on('ready', (payload) => told.push(payload));
    api().init({ ...keys, apiBase: 'https://api.test' });
    await tick();
    expect(told).toEqual([{ signedIn: false }]);
    load.launcher.hooks!.intent();
    let emitReady: ((payload: { signedIn: boolean }) => void) | undefined;
    const fake = fakeInstance();
    fake.instance.on = (event, handler) => {
      if (event === 'ready') emitReady = handler as typeof emitReady;
      return () => {};
    };
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    emitReady!({ signedIn: false });
    expect(told).toEqual([{ signedIn: false }]);
    // A later ready (re-init, a restored session) is news again.
    emitReady!({ signedIn: true });
    expect(told).toEqual([{ signedIn: false }, { signedIn: true }]);
  });

  it('a known reviewer hears it from the widget only', async () => {
    sessionStorage.setItem(`pinmark:session:${keys.publicKey}:${keys.markupId}`, '{}');
    const { api } = visit({});
    const told: unknown[] = [];
    api().on('ready', (payload) => told.push(payload));
    api().init({ ...keys, apiBase: 'https://api.test' });
    await tick();
    expect(told).toEqual([]);
  });
});
