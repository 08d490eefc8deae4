import { describe, expect, it, vi } from 'vitest';
import type { PinmarkInstance } from '../types';
import { startDiagnosticsCore, type DiagnosticsCore } from '../capture/diagnostics/core';
import { EARLY_DIAGNOSTICS_KEY, installPinmarkLoader, type LoaderExtras, type WidgetModule } from './stub';
import { deferredImport, fakeInstance, script, tick } from './test-kit';

const METHODS = ['close', 'destroy', 'identify', 'init', 'on', 'open', 'setViewMode', 'signOut'];

describe('loader', () => {
  it('imports launcher.js next to its own script, app.js on intent, and auto-inits from data attributes', async () => {
    const win: { Pinmark?: unknown } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script({ publicKey: 'pk_1', markupId: 'm1' }), load.importer);
    expect(load.urls).toEqual(['https://cdn.test/widget/launcher.js']);
    await tick();
    expect(load.urls).toEqual(['https://cdn.test/widget/launcher.js', 'https://cdn.test/widget/app.js']);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls).toEqual([['init', [{ publicKey: 'pk_1', markupId: 'm1', apiBase: 'https://cdn.test', nonce: 'n0nce' }]]]);
  });

  it('takes the CSP nonce from data-nonce when the tag has none (inserted under strict-dynamic)', async () => {
    const win: { Pinmark?: unknown } = {};
    const load = deferredImport();
    const tag = { ...script({ publicKey: 'pk', markupId: 'm', nonce: 'd4ta' }), nonce: '' };
    installPinmarkLoader(win, tag, load.importer);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls[0]![1][0]).toMatchObject({ nonce: 'd4ta' });
  });

  it('passes data-locale on as the locale option', async () => {
    const win: { Pinmark?: unknown } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script({ publicKey: 'pk', markupId: 'm', locale: 'de-CH' }), load.importer);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls[0]![1][0]).toMatchObject({ locale: 'de-CH' });
  });

  it('turns screenshots off with data-screenshot="false"', async () => {
    const win: { Pinmark?: unknown } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script({ publicKey: 'pk', markupId: 'm', screenshot: 'false' }), load.importer);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls[0]![1][0]).toMatchObject({ screenshot: { enabled: false } });
  });

  it('uses data-api-base when given', async () => {
    const win: { Pinmark?: unknown } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script({ publicKey: 'pk', markupId: 'm', apiBase: 'https://api.test' }), load.importer);
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls[0]![1][0]).toMatchObject({ apiBase: 'https://api.test' });
  });

  it('queues calls made before load, replays them in order, then forwards directly', async () => {
    const win: { Pinmark?: PinmarkInstance } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script(), load.importer);
    const api = win.Pinmark!;
    expect(Object.keys(api).sort()).toEqual(METHODS);
    const ready = () => {};
    const offReady = api.on('ready', ready);
    const offError = api.on('error', () => {});
    api.init({ publicKey: 'pk', markupId: 'm', apiBase: 'https://api.test' });
    api.open();
    offError();
    expect(typeof offReady).toBe('function');

    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await tick();
    expect(fake.calls.map(([method]) => method)).toEqual(['on', 'init', 'open']);
    expect(fake.calls[0]![1]).toEqual(['ready', ready]);

    offReady();
    expect(fake.offs[0]).toHaveBeenCalledTimes(1);
    api.close();
    const off = api.on('signedIn', () => {});
    expect(fake.calls.slice(-2).map(([method]) => method)).toEqual(['close', 'on']);
    off();
    expect(fake.offs[1]).toHaveBeenCalledTimes(1);
  });

  it('queues identify(), signOut() and setViewMode() too; identify() resolves with the real result', async () => {
    const win: { Pinmark?: PinmarkInstance } = {};
    const load = deferredImport();
    installPinmarkLoader(win, script({ publicKey: 'pk', markupId: 'm' }), load.importer);
    const api = win.Pinmark!;
    const identified = api.identify({ customerToken: 'jwt' });
    api.setViewMode('all');
    api.signOut();
    const fake = fakeInstance();
    load.resolve({ createPinmark: () => fake.instance });
    await expect(identified).resolves.toEqual({ ok: true, userId: 'u1', name: 'Ada' });
    expect(fake.calls).toEqual([
      ['init', [expect.objectContaining({ publicKey: 'pk' })]],
      ['identify', [{ customerToken: 'jwt' }]],
      ['setViewMode', ['all']],
      ['signOut', []],
    ]);
    await expect(api.identify({ identityToken: 'idp' })).resolves.toMatchObject({ ok: true });
    expect(fake.calls.at(-1)).toEqual(['identify', [{ identityToken: 'idp' }]]);
  });

  it('identify() never rejects: when app.js cannot load it resolves with load_failed, before and after', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const win: { Pinmark?: PinmarkInstance } = {};
      const load = deferredImport();
      installPinmarkLoader(win, script(), load.importer);
      const early = win.Pinmark!.identify({ customerToken: 'jwt' });
      load.reject(new TypeError('Failed to fetch dynamically imported module'));
      await expect(early).resolves.toMatchObject({ ok: false, error: { code: 'load_failed' } });
      await expect(win.Pinmark!.identify({ customerToken: 'jwt' })).resolves.toMatchObject({ ok: false, error: { code: 'load_failed' } });
    } finally {
      warn.mockRestore();
    }
  });

  it('never throws: a failed import ends in one console.warn and the stub stays callable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const win: { Pinmark?: PinmarkInstance } = {};
      const load = deferredImport();
      installPinmarkLoader(win, script(), load.importer);
      win.Pinmark!.open();
      load.reject(new TypeError('Failed to fetch dynamically imported module'));
      await tick();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(() => win.Pinmark!.open()).not.toThrow();
      expect(typeof win.Pinmark!.on('ready', () => {})).toBe('function');
    } finally {
      warn.mockRestore();
    }
  });

  it('leaves an existing window.Pinmark alone (loaded twice)', () => {
    const existing = { mine: true };
    const win: { Pinmark?: unknown } = { Pinmark: existing };
    const importer = vi.fn();
    installPinmarkLoader(win, script({ publicKey: 'pk', markupId: 'm' }), importer);
    expect(win.Pinmark).toBe(existing);
    expect(importer).not.toHaveBeenCalled();
  });

  it('warns once without a script src', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const win: { Pinmark?: unknown } = {};
      installPinmarkLoader(win, null, vi.fn());
      expect(win.Pinmark).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('loader: early diagnostics', () => {
  const fakeCore = () => ({ stop: vi.fn() }) as unknown as DiagnosticsCore & { stop: ReturnType<typeof vi.fn> };

  function load(data: Record<string, string>) {
    const win: { Pinmark?: PinmarkInstance } = {};
    const imports = deferredImport();
    const core = fakeCore();
    const startDiagnostics = vi.fn(() => core);
    installPinmarkLoader(win, script(data), imports.importer, startDiagnostics);
    const created: [unknown, LoaderExtras | undefined][] = [];
    const fake = fakeInstance();
    const module: WidgetModule = {
      createPinmark: (options, extras) => {
        created.push([options, extras]);
        return fake.instance;
      },
    };
    return { win, imports, core, startDiagnostics, created, fake, module };
  }

  it('does not record without the opt-in attribute (and passes nothing)', async () => {
    const run = load({ publicKey: 'pk', markupId: 'm' });
    expect(run.startDiagnostics).not.toHaveBeenCalled();
    run.imports.resolve(run.module);
    await tick();
    expect(run.created).toEqual([[undefined, { earlyDiagnostics: undefined, launcher: expect.any(Object) }]]);
    expect(run.fake.calls[0]![1][0]).not.toHaveProperty('mode', 'qa');
  });

  it.each([
    [{ mode: 'qa' }, { mode: 'qa' }],
    [{ diagnostics: 'true' }, { diagnostics: true }],
    [
      { mode: 'qa', diagnostics: 'true' },
      { mode: 'qa', diagnostics: true },
    ],
  ])('starts recording at once with %o and hands the recorder to createPinmark', async (data, initOptions) => {
    const run = load({ publicKey: 'pk', markupId: 'm', ...data });
    expect(run.startDiagnostics).toHaveBeenCalledTimes(1);
    // Kept on the stub without a new global and without changing its visible shape.
    expect((run.win.Pinmark as unknown as Record<string, unknown>)[EARLY_DIAGNOSTICS_KEY]).toBe(run.core);
    expect(Object.keys(run.win.Pinmark!).sort()).toEqual(METHODS);
    run.imports.resolve(run.module);
    await tick();
    expect(run.created).toEqual([[undefined, { earlyDiagnostics: run.core, launcher: expect.any(Object) }]]);
    // The auto-init tells the widget the same consent, so it adopts instead of stopping the recorder.
    expect(run.fake.calls[0]![1][0]).toMatchObject(initOptions);
    expect(run.core.stop).not.toHaveBeenCalled();
  });

  it('data-diagnostics="false" wins over data-mode="qa"', async () => {
    const run = load({ publicKey: 'pk', markupId: 'm', mode: 'qa', diagnostics: 'false' });
    expect(run.startDiagnostics).not.toHaveBeenCalled();
    run.imports.resolve(run.module);
    await tick();
    expect(run.fake.calls[0]![1][0]).toMatchObject({ mode: 'qa', diagnostics: false });
  });

  it('stops the early recorder when the widget cannot load (nobody would adopt it)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const run = load({ mode: 'qa' });
      run.win.Pinmark!.open();
      run.imports.reject(new TypeError('Failed to fetch dynamically imported module'));
      await tick();
      expect(run.core.stop).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('with the real core: records from the loader on, and a failed load gives the console back', async () => {
    const original = console.error;
    const silent = () => {};
    console.error = silent;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const win: { Pinmark?: PinmarkInstance } = {};
      const imports = deferredImport();
      installPinmarkLoader(win, script({ diagnostics: 'true' }), imports.importer, () => startDiagnosticsCore(window));
      const core = (win.Pinmark as unknown as Record<string, DiagnosticsCore>)[EARLY_DIAGNOSTICS_KEY]!;
      expect(console.error).not.toBe(silent);
      console.error('before app.js', 42);
      expect(core.console).toEqual([expect.objectContaining({ level: 'error', source: 'console', data: ['before app.js', 42] })]);
      win.Pinmark!.open();
      imports.reject(new Error('offline'));
      await tick();
      expect(console.error).toBe(silent);
    } finally {
      warn.mockRestore();
      console.error = original;
    }
  });
});
