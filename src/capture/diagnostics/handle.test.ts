/** The per-instance diagnostics handle: consent, adopting the loader's core, lazy recorder, stop. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDiagnosticsCore } from './core';
import { createDiagnosticsHandle, type DiagnosticsHandle } from './handle';
import * as recorderModule from './recorder';

const silent = () => {};
let saved: { error: typeof console.error; warn: typeof console.warn; fetch: typeof fetch };
let handle: DiagnosticsHandle | null = null;

beforeEach(() => {
  saved = { error: console.error, warn: console.warn, fetch: window.fetch };
  console.error = silent;
  console.warn = silent;
});

afterEach(() => {
  handle?.stop();
  handle = null;
  console.error = saved.error;
  console.warn = saved.warn;
  window.fetch = saved.fetch;
});

/** A recorder module that arrives when the test says so. */
function deferredLoad() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { load: () => gate.then(() => recorderModule), release: () => release() };
}

const API = ['https://api.test'];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('diagnostics handle', () => {
  it('adopts the loader’s early core: nothing since the page loaded is lost', async () => {
    const early = startDiagnosticsCore(window);
    console.error('before app.js');
    handle = createDiagnosticsHandle(early, window);
    handle.configure({ mode: 'qa' }, API);
    console.warn('after init');
    const report = await handle.snapshot();
    expect(report?.console.map((entry) => entry.message)).toEqual(['before app.js', 'after init']);
    expect(report?.recordingSince).toBe(early.startedAt);
  });

  it('records from configure() on, before the recorder chunk arrives', async () => {
    const { load, release } = deferredLoad();
    handle = createDiagnosticsHandle(undefined, window, load);
    handle.configure({ diagnostics: true }, API);
    console.error('while the chunk loads');
    const pending = handle.snapshot();
    release();
    expect((await pending)?.console.map((entry) => entry.message)).toEqual(['while the chunk loads']);
    const file = await handle.file();
    expect(file?.filename).toBe('pinmark-diagnostics.json');
    expect(JSON.parse(await file!.blob.text())).toMatchObject({ version: 1 });
  });

  it('without consent: stops the early core, records nothing, snapshot is null', async () => {
    const early = startDiagnosticsCore(window);
    handle = createDiagnosticsHandle(early, window);
    handle.configure({ mode: 'qa', diagnostics: false }, API);
    expect(early.stopped).toBe(true);
    expect(console.error).toBe(silent);
    expect(await handle.snapshot()).toBeNull();
    expect(await handle.file()).toBeNull();
  });

  it('keeps one recording across init() calls and stops on destroy', async () => {
    handle = createDiagnosticsHandle(undefined, window);
    handle.configure({ mode: 'qa' }, API);
    console.error('first init');
    handle.configure({ mode: 'qa' }, ['https://other-api.test']);
    console.error('second init');
    expect((await handle.snapshot())?.console).toHaveLength(2);
    handle.stop();
    expect(console.error).toBe(silent);
    expect(window.fetch).toBe(saved.fetch);
    expect(await handle.snapshot()).toBeNull();
  });

  it('stop() while the recorder chunk is still loading leaves the page as it was', async () => {
    const { load, release } = deferredLoad();
    handle = createDiagnosticsHandle(startDiagnosticsCore(window), window, load);
    handle.configure({ mode: 'qa' }, API);
    handle.stop();
    expect(console.error).toBe(silent);
    release();
    await flush();
    await flush();
    expect(console.error).toBe(silent);
    expect(window.fetch).toBe(saved.fetch);
  });
});
