/**
 * The full diagnostics recorder: the core's console ring buffer (adopted from the loader when it
 * started one, so nothing since the page loaded is lost), the fetch wrapper and Resource Timing for
 * failed requests, and `snapshot()`, which turns all of it into a sanitised DiagnosticsReport.
 * `stop()` leaves the page exactly as it was (see core.ts for how wrappers are undone).
 */
import { RING_SIZE, startDiagnosticsCore, type DiagnosticsCore } from './core';
import { watchFailedFetches, type RawFailedFetch } from './fetch';
import { formatConsoleEntry } from './format';
import type { DiagnosticsFailedRequest, DiagnosticsReport } from './report';
import { watchResourceFailures, type TimedFailure } from './resource-timing';
import { sanitizeUrl } from './sanitize';

export interface DiagnosticsOptions {
  /** Requests to URLs starting with these are not recorded: the widget's own API (and assets). */
  ignoreUrlPrefixes?: readonly string[];
}

export interface DiagnosticsRecorder {
  /** What happened so far; never throws. */
  snapshot(): DiagnosticsReport;
  /** For a re-init with another API base. */
  setIgnoredUrlPrefixes(prefixes: readonly string[]): void;
  /** Restores console, fetch and listeners; safe to call twice. */
  stop(): void;
}

// A fetch the wrapper recorded and its Resource Timing entry started within this much of each other
// (a host's own fetch wrapper may wait before calling the real fetch, hence the duration is added).
const MATCH_SLACK_MS = 5;

export function startDiagnosticsRecorder(win: Window = window, options: DiagnosticsOptions = {}): DiagnosticsRecorder {
  return recorderFor(startDiagnosticsCore(win), win, options);
}

/**
 * Takes over the loader's early recorder (the object the loader passed to createPinmark) so its
 * buffer continues seamlessly; starts a fresh recorder when there is none, it was stopped, was
 * already adopted, or comes from an incompatible loader version (which is stopped).
 */
export function adoptEarlyDiagnostics(early: unknown, win: Window = window, options: DiagnosticsOptions = {}): DiagnosticsRecorder {
  if (isAdoptableCore(early)) return recorderFor(early, win, options);
  discardEarlyDiagnostics(early);
  return startDiagnosticsRecorder(win, options);
}

export function isAdoptableCore(value: unknown): value is DiagnosticsCore {
  const core = value as Partial<DiagnosticsCore> | null | undefined;
  return !!core && core.version === 1 && !core.stopped && !core.format && Array.isArray(core.console);
}

/** Stops whatever the loader started, whichever version it is (diagnostics off, or not adoptable). */
export function discardEarlyDiagnostics(early: unknown): void {
  try {
    (early as { stop?: () => void } | null | undefined)?.stop?.();
  } catch {
    /* not ours to worry about */
  }
}

function recorderFor(core: DiagnosticsCore, win: Window, options: DiagnosticsOptions): DiagnosticsRecorder {
  const resolve = (url: string) => {
    try {
      return new URL(url, win.location.href).href;
    } catch {
      return url;
    }
  };
  let prefixes: string[] = [];
  const setPrefixes = (list: readonly string[] = []) => {
    // An origin becomes `https://api.test/`, so `https://api.test.evil.example` does not match it.
    prefixes = list.filter((prefix) => typeof prefix === 'string' && prefix).map(resolve);
  };
  setPrefixes(options.ignoreUrlPrefixes);
  const ignored = (url: string) => {
    const absolute = resolve(url);
    return prefixes.some((prefix) => absolute.startsWith(prefix));
  };

  // From now on entries are formatted when logged (the value as it was then); earlier raw ones now.
  for (const entry of core.console) entry.data = formatConsoleEntry(entry);
  core.format = formatConsoleEntry;

  const fetches: RawFailedFetch[] = [];
  let droppedFetches = 0;
  const fetchWatch = watchFailedFetches(win, (failure) => {
    if (ignored(failure.url)) return;
    if (fetches.push(failure) > RING_SIZE) {
      fetches.shift();
      droppedFetches++;
    }
  });
  const timing = watchResourceFailures(win, ignored);

  const snapshot = (): DiagnosticsReport => {
    const requests = mergeRequests(
      fetches.filter((failure) => !ignored(failure.url)),
      timing.take(),
      resolve,
    );
    const overflow = Math.max(0, requests.length - RING_SIZE);
    let userAgent = '';
    try {
      userAgent = win.navigator.userAgent;
    } catch {
      /* keep '' */
    }
    return {
      version: 1,
      pageUrl: sanitizeUrl(win.location.href),
      userAgent,
      recordingSince: core.startedAt,
      capturedAt: Date.now(),
      console: core.console.map((entry) => ({
        level: entry.level,
        source: entry.source,
        message: formatConsoleEntry(entry),
        time: entry.time,
      })),
      requests: requests.slice(overflow),
      dropped: {
        consoleErrors: core.dropped.error,
        consoleWarnings: core.dropped.warn,
        requests: droppedFetches + timing.dropped + overflow,
      },
    };
  };

  return {
    snapshot() {
      try {
        return snapshot();
      } catch {
        return emptyReport(core.startedAt);
      }
    },
    setIgnoredUrlPrefixes: setPrefixes,
    stop() {
      core.stop();
      fetchWatch.stop();
      timing.stop();
    },
  };
}

/**
 * The wrapper's records plus the Resource Timing entries it does not explain, oldest first. An entry
 * initiated by fetch is the wrapper's when the URLs match and it started during that fetch() call;
 * each record explains at most one entry (the same URL may fail twice).
 */
function mergeRequests(
  fetches: readonly RawFailedFetch[],
  timed: readonly TimedFailure[],
  resolve: (url: string) => string,
): DiagnosticsFailedRequest[] {
  const withoutHash = (url: string) => resolve(url).split('#')[0] ?? '';
  const unmatched = fetches.map((failure) => ({ failure, url: withoutHash(failure.url) }));
  const merged: DiagnosticsFailedRequest[] = fetches.map((failure) => ({
    method: failure.method,
    url: sanitizeUrl(resolve(failure.url)),
    status: failure.status,
    durationMs: failure.durationMs,
    time: failure.time,
    initiator: 'fetch',
  }));
  for (const entry of timed) {
    if (entry.initiator === 'fetch') {
      const url = withoutHash(entry.url);
      const index = unmatched.findIndex(
        ({ failure, url: candidate }) =>
          candidate === url &&
          entry.start >= failure.start - MATCH_SLACK_MS &&
          entry.start <= failure.start + failure.durationMs + MATCH_SLACK_MS,
      );
      if (index >= 0) {
        unmatched.splice(index, 1);
        continue;
      }
    }
    merged.push({
      method: null,
      url: sanitizeUrl(entry.url),
      status: entry.status,
      durationMs: entry.durationMs,
      time: entry.time,
      initiator: entry.initiator,
    });
  }
  return merged.sort((a, b) => a.time - b.time);
}

function emptyReport(since: number): DiagnosticsReport {
  return {
    version: 1,
    pageUrl: '',
    userAgent: '',
    recordingSince: since,
    capturedAt: Date.now(),
    console: [],
    requests: [],
    dropped: { consoleErrors: 0, consoleWarnings: 0, requests: 0 },
  };
}
