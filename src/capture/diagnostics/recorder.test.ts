/**
 * The recorder in real Chromium: real console calls, real uncaught errors and rejections, real
 * failing requests against the vitest server (a missing file is a 404) and a closed port.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDiagnosticsCore } from './core';
import { adoptEarlyDiagnostics, startDiagnosticsRecorder, type DiagnosticsRecorder } from './recorder';
import type { DiagnosticsReport } from './report';

const missing = (name: string) => `${location.origin}/__pinmark_test_missing__/${name}-${Math.random().toString(36).slice(2)}.json`;
const CLOSED_PORT_URL = 'http://127.0.0.1:65534/nothing-listens-here';

// The page's own console functions, silent so the test output stays readable; the recorder must wrap
// and later restore exactly these.
const silentError = () => {};
const silentWarn = () => {};
let saved: { error: typeof console.error; warn: typeof console.warn; fetch: typeof fetch };
let recorder: DiagnosticsRecorder | null = null;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  saved = { error: console.error, warn: console.warn, fetch: window.fetch };
  console.error = silentError;
  console.warn = silentWarn;
});

afterEach(() => {
  recorder?.stop();
  recorder = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
  console.error = saved.error;
  console.warn = saved.warn;
  window.fetch = saved.fetch;
});

/** Lets the page's uncaught errors reach the recorder, but not vitest's own handler (it would fail the run). */
function swallowUncaught() {
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener('error', stop, true);
  window.addEventListener('unhandledrejection', stop, true);
  cleanups.push(() => {
    window.removeEventListener('error', stop, true);
    window.removeEventListener('unhandledrejection', stop, true);
  });
}

const start = (options?: Parameters<typeof startDiagnosticsRecorder>[1]) => (recorder = startDiagnosticsRecorder(window, options));

async function eventually(read: () => DiagnosticsReport, check: (report: DiagnosticsReport) => boolean): Promise<DiagnosticsReport> {
  let report = read();
  await vi.waitFor(() => {
    report = read();
    if (!check(report)) throw new Error('not yet');
  });
  return report;
}

describe('diagnostics recorder', () => {
  it('records console.error and console.warn, formatted when logged, in a ring of 50', () => {
    const rec = start();
    const state = { step: 1 };
    console.error('Checkout failed:', state, new TypeError('x is undefined'));
    state.step = 2; // formatted at the time of the call, not of the snapshot
    console.warn('Deprecated %s', 'thing');
    const first = rec.snapshot();
    expect(first.console).toHaveLength(2);
    expect(first.console[0]).toMatchObject({ level: 'error', source: 'console' });
    expect(first.console[0]!.message).toMatch(/^Checkout failed: \{step: 1\} TypeError: x is undefined\n {4}at /);
    expect(first.console[1]).toMatchObject({ level: 'warn', source: 'console', message: 'Deprecated thing' });
    expect(Math.abs(first.console[0]!.time - Date.now())).toBeLessThan(5000);

    for (let i = 0; i < 60; i++) console.error(`error ${i}`);
    const report = rec.snapshot();
    expect(report.console).toHaveLength(50);
    expect(report.console[0]!.message).toBe('error 10');
    expect(report.console[49]!.message).toBe('error 59');
    expect(report.dropped).toMatchObject({ consoleErrors: 11, consoleWarnings: 1 });
  });

  it('still calls the page’s console with the same arguments and this', () => {
    const calls: unknown[][] = [];
    console.error = function (this: unknown, ...args: unknown[]) {
      calls.push([this, ...args]);
    };
    start();
    const object = { a: 1 };
    console.error('x', object);
    expect(calls).toEqual([[console, 'x', object]]);
  });

  it('records an uncaught error and an unhandled rejection', async () => {
    const rec = start();
    swallowUncaught();
    setTimeout(() => {
      throw new RangeError('boom from a timer');
    });
    void Promise.reject(new Error('nobody caught me'));
    const report = await eventually(
      () => rec.snapshot(),
      (r) => r.console.length >= 2,
    );
    const uncaught = report.console.find((entry) => entry.source === 'uncaught');
    const rejection = report.console.find((entry) => entry.source === 'unhandledrejection');
    expect(uncaught).toMatchObject({ level: 'error' });
    expect(uncaught!.message).toMatch(/^RangeError: boom from a timer\n {4}at /);
    expect(rejection!.message).toMatch(/^Error: nobody caught me/);
  });

  it('does not count a failed image load as an uncaught error', async () => {
    const rec = start();
    const image = document.createElement('img');
    const failed = new Promise((resolve) => (image.onerror = resolve));
    image.src = missing('image');
    document.body.append(image);
    await failed;
    image.remove();
    expect(rec.snapshot().console).toEqual([]);
  });

  it('records a failed fetch with method, status and duration, secret query values removed', async () => {
    const rec = start();
    const url = `${missing('fetch')}?q=shoes&access_token=abc123&Signature=zz`;
    const response = await fetch(url, { method: 'post', body: '{}' });
    expect(response.status).toBe(404);
    const mine = () => rec.snapshot().requests.filter((request) => request.url.includes('/fetch-'));
    const [request] = mine();
    expect(request).toMatchObject({ method: 'POST', status: 404, initiator: 'fetch' });
    expect(request!.url).toBe(url.replace('abc123', '').replace('=zz', '='));
    expect(request!.url).not.toContain('abc123');
    expect(request!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(request!.time - Date.now())).toBeLessThan(5000);
    // Seen by the wrapper and by Resource Timing: reported once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine()).toHaveLength(1);
  });

  it('records a fetch to a closed port as status 0 and lets the page see the same rejection', async () => {
    const rec = start();
    const error = await fetch(CLOSED_PORT_URL).catch((problem: unknown) => problem);
    expect(error).toBeInstanceOf(TypeError);
    expect(rec.snapshot().requests.filter((request) => request.url === CLOSED_PORT_URL)).toEqual([
      expect.objectContaining({ method: 'GET', status: 0, initiator: 'fetch' }),
    ]);
  });

  it('does not record successful or aborted fetches', async () => {
    const rec = start();
    const ok = `${location.href}${location.search ? '&' : '?'}ok=1`;
    await fetch(ok);
    const abortedUrl = missing('aborted');
    const controller = new AbortController();
    const aborted = fetch(abortedUrl, { signal: controller.signal });
    controller.abort();
    await aborted.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Not even through Resource Timing, where an aborted request looks like a network failure.
    const urls = rec.snapshot().requests.map((request) => request.url);
    expect(urls.filter((url) => url.includes('ok=1') || url === abortedUrl)).toEqual([]);
  });

  it('records an XHR 404 through Resource Timing (method unknown)', async () => {
    const rec = start();
    const url = `${missing('xhr')}?session=s3cr3t`;
    await new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('GET', url);
      xhr.onloadend = resolve;
      xhr.send();
    });
    const sanitized = url.replace('s3cr3t', '');
    const report = await eventually(
      () => rec.snapshot(),
      (r) => r.requests.some((request) => request.url === sanitized),
    );
    expect(report.requests.filter((request) => request.url.includes('/xhr-'))).toEqual([
      expect.objectContaining({ method: null, status: 404, initiator: 'xmlhttprequest', url: sanitized }),
    ]);
  });

  it('finds failed requests made before it started (Resource Timing buffer)', async () => {
    const url = missing('before');
    await fetch(url);
    const report = await eventually(
      () => (recorder?.stop(), start()).snapshot(),
      (r) => r.requests.some((request) => request.url === url),
    );
    expect(report.requests.find((request) => request.url === url)).toMatchObject({ method: null, status: 404, initiator: 'fetch' });
  });

  it('ignores the widget’s own [pinmark] warnings and its API requests', async () => {
    const api = `${location.origin}/__pinmark_test_missing__/api`;
    const rec = start({ ignoreUrlPrefixes: [api] });
    console.warn('[pinmark] post: the network is down');
    await fetch(`${api}/v2/threads`);
    await new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('GET', `${api}/v2/markups`);
      xhr.onloadend = resolve;
      xhr.send();
    });
    console.warn('page warning');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const report = rec.snapshot();
    expect(report.console.map((entry) => entry.message)).toEqual(['page warning']);
    expect(report.requests.filter((request) => request.url.startsWith(api))).toEqual([]);
  });

  it('reports the page, user agent and times', () => {
    const before = Date.now();
    const report = start().snapshot();
    // The test page's own sessionId parameter is secret-looking: its value is removed too.
    expect(report).toMatchObject({
      version: 1,
      pageUrl: location.href.replace(/sessionId=[^&]*/, 'sessionId='),
      userAgent: navigator.userAgent,
    });
    expect(report.recordingSince).toBeGreaterThanOrEqual(before);
    expect(report.capturedAt).toBeGreaterThanOrEqual(report.recordingSince);
  });
});

describe('stop()', () => {
  it('restores console.error, console.warn and fetch to the identical functions and removes its listeners', () => {
    const originalFetch = window.fetch;
    const active = new Map<string, number>();
    const add = vi.spyOn(window, 'addEventListener').mockImplementation(function (this: Window, type, listener, options) {
      active.set(type, (active.get(type) ?? 0) + 1);
      return EventTarget.prototype.addEventListener.call(this, type, listener, options);
    });
    const remove = vi.spyOn(window, 'removeEventListener').mockImplementation(function (this: Window, type, listener, options) {
      active.set(type, (active.get(type) ?? 0) - 1);
      return EventTarget.prototype.removeEventListener.call(this, type, listener, options);
    });
    try {
      const rec = start();
      expect(console.error).not.toBe(silentError);
      expect(window.fetch).not.toBe(originalFetch);
      expect(active.get('error')).toBe(1);
      expect(active.get('unhandledrejection')).toBe(1);
      rec.stop();
      rec.stop(); // twice is harmless
      expect(console.error).toBe(silentError);
      expect(console.warn).toBe(silentWarn);
      expect(window.fetch).toBe(originalFetch);
      expect([...active.values()].every((count) => count === 0)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(window, 'fetch')).toMatchObject({ writable: true, configurable: true });
    } finally {
      add.mockRestore();
      remove.mockRestore();
    }
  });

  it('keeps a wrapper installed after ours and turns ours into a pass-through', async () => {
    const rec = start();
    const ours = console.error;
    const seen: unknown[] = [];
    const theirs = (...args: unknown[]) => {
      seen.push(args[0]);
      ours(...args);
    };
    console.error = theirs;
    rec.stop();
    expect(console.error).toBe(theirs);
    console.error('after stop');
    expect(seen).toEqual(['after stop']);
    expect(rec.snapshot().console).toEqual([]);
  });
});

describe('early recorder handover', () => {
  it('adopts the loader’s core: what was logged before app.js arrived is kept and formatted', () => {
    const early = startDiagnosticsCore(window);
    const value = { stage: 'boot' };
    console.error('early problem', value);
    const rec = (recorder = adoptEarlyDiagnostics(early, window));
    value.stage = 'later'; // adoption formats raw entries immediately
    console.warn('later problem');
    const report = rec.snapshot();
    expect(report.console.map((entry) => entry.message)).toEqual(['early problem {stage: "boot"}', 'later problem']);
    expect(report.recordingSince).toBe(early.startedAt);
    rec.stop();
    expect(early.stopped).toBe(true);
    expect(console.error).toBe(silentError);
  });

  it('starts afresh (stopping the stranger) when the early object is not an adoptable core', () => {
    const stranger = { version: 2, stop: vi.fn() };
    const rec = (recorder = adoptEarlyDiagnostics(stranger, window));
    expect(stranger.stop).toHaveBeenCalled();
    console.error('x');
    expect(rec.snapshot().console).toHaveLength(1);
  });
});
