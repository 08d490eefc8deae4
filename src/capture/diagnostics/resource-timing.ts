/**
 * Failed requests the fetch wrapper cannot see, read from Resource Timing: every XMLHttpRequest
 * (patching XHR would mean patching its prototype, which the widget never does), and fetches made
 * before the wrapper existed or through a reference to the original fetch kept by a library.
 * The page's buffered entries are read once at start (so requests since the page loaded count), and a
 * PerformanceObserver, emptied synchronously with takeRecords() at each snapshot, adds later ones.
 *
 * What counts as failed: entries with initiatorType 'xmlhttprequest' or 'fetch' and responseStatus
 * ≥ 400. A responseStatus of 0 is never counted: cross-origin it also means "no information" (an
 * opaque `no-cors` response, a response without CORS exposure), and even same-origin an aborted
 * request (a search box cancelling the previous query) looks exactly like a network failure. So a
 * network failure is reported only for fetch() (the wrapper sees the rejection), not for XHR.
 * Browsers without `responseStatus` (Safari, older Firefox) yield nothing here.
 * The method is unknown to Resource Timing (null in the report).
 */
import { RING_SIZE } from './core';

export interface TimedFailure {
  initiator: 'fetch' | 'xmlhttprequest';
  /** Absolute, not yet sanitised. */
  url: string;
  status: number;
  /** performance.now() clock, to match the fetch wrapper's records. */
  start: number;
  durationMs: number;
  /** Epoch ms. */
  time: number;
}

export interface ResourceFailureWatch {
  /** The failures seen so far (newest RING_SIZE), including ones not yet delivered to the observer. */
  take(): TimedFailure[];
  /** Failures pushed out of the ring buffer. */
  readonly dropped: number;
  stop(): void;
}

type TimingEntry = PerformanceResourceTiming & { responseStatus?: number };

export function isFailedRequestEntry(entry: TimingEntry): boolean {
  const { initiatorType, responseStatus } = entry;
  return (initiatorType === 'fetch' || initiatorType === 'xmlhttprequest') && typeof responseStatus === 'number' && responseStatus >= 400;
}

export function watchResourceFailures(win: Window, ignore: (url: string) => boolean): ResourceFailureWatch {
  const failures: TimedFailure[] = [];
  let dropped = 0;
  let observer: PerformanceObserver | null = null;
  const performance = win.performance;

  const collect = (entries: readonly PerformanceEntry[]) => {
    try {
      for (const entry of entries as readonly TimingEntry[]) {
        if (!isFailedRequestEntry(entry) || ignore(entry.name)) continue;
        failures.push({
          initiator: entry.initiatorType as TimedFailure['initiator'],
          url: entry.name,
          status: entry.responseStatus ?? 0,
          start: entry.startTime,
          durationMs: Math.round(entry.duration),
          time: Math.round(performance.timeOrigin + entry.startTime),
        });
        if (failures.length > RING_SIZE) {
          failures.shift();
          dropped++;
        }
      }
    } catch {
      /* an exotic entry: skip the rest of this batch rather than disturb the page */
    }
  };

  try {
    collect(performance.getEntriesByType('resource'));
    if (typeof PerformanceObserver !== 'undefined') {
      // Not `buffered: true`: the buffer was just read synchronously, and buffered entries would
      // arrive later as duplicates; a snapshot must not wait for the observer's callback either.
      observer = new PerformanceObserver((list) => collect(list.getEntries()));
      observer.observe({ type: 'resource' });
    }
  } catch {
    observer = null; // no Resource Timing here: the fetch wrapper is all we have
  }

  return {
    take() {
      if (observer) collect(observer.takeRecords());
      return failures.slice();
    },
    get dropped() {
      return dropped;
    },
    stop() {
      observer?.disconnect();
      observer = null;
    },
  };
}
