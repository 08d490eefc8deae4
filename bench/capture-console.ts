/**
 * What a capture adds to the host page's console (issue 14: "capturing must run none of the page's
 * code and add nothing to its console"). Everything the browser would show a developer is counted:
 * console API calls and browser messages (network errors, CSP violations, interventions — the CDP
 * Log domain) of the page and its frames, uncaught exceptions, and the page's own inline handlers
 * that ran (the heavy pages count them in window.__pageHandlerRuns).
 */
import type { CDPSession, Page } from '@playwright/test';

export interface ConsoleDuringCapture {
  /** New console/log entries and exceptions while capturing (must be 0 for ours). */
  messages: number;
  /** The first few, for the report. */
  samples: string[];
  /** Page handlers (onload/onerror attributes) that ran during the captures. */
  handlerRuns: number;
}

export interface ConsoleWatch {
  /** Runs `capture` `times` times in the page and counts what reached the console meanwhile. */
  during(capture: 'ours' | 'naive', times: number): Promise<ConsoleDuringCapture>;
  /** Entries from the page's own load (CSP reports, 404s) — the baseline that must not grow. */
  readonly atLoad: number;
  dispose(): Promise<void>;
}

/** Starts listening; call before the page is loaded so its own load messages are the baseline. */
export async function watchConsole(page: Page): Promise<{ loaded(): Promise<ConsoleWatch> }> {
  const entries: string[] = [];
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Log.enable');
  await cdp.send('Runtime.enable');
  // Verbose entries ("[Violation] handler took N ms") are hidden in a console by default; not counted.
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (entry.level !== 'verbose') entries.push(`[${entry.source}/${entry.level}] ${entry.text}`);
  });
  cdp.on('Runtime.consoleAPICalled', (event) =>
    entries.push(`[console.${event.type}] ${event.args.map((a) => a.value ?? a.description ?? '').join(' ')}`),
  );
  cdp.on('Runtime.exceptionThrown', ({ exceptionDetails }) =>
    entries.push(`[exception] ${exceptionDetails.exception?.description ?? exceptionDetails.text}`),
  );
  const settle = () => new Promise((r) => setTimeout(r, 400));
  return {
    async loaded() {
      await settle();
      const atLoad = entries.length;
      return {
        atLoad,
        async during(capture, times) {
          const before = entries.length;
          const runsBefore = await page.evaluate(() => (window as any).__pageHandlerRuns ?? 0);
          await page.evaluate(
            async ({ capture, times }) => {
              const bench = (window as any).__captureBench;
              for (let i = 0; i < times; i++) {
                // A failing capture is reported by the timed runs; here only the console counts.
                if (capture === 'ours') await bench.captureViewport().catch(() => {});
                else await bench.html2canvas(document.body, { logging: false }).catch(() => {});
              }
            },
            { capture, times },
          );
          // Late arrivals: image loads and reports of the clone settle after the capture returned.
          await settle();
          const runsAfter = await page.evaluate(() => (window as any).__pageHandlerRuns ?? 0);
          const added = entries.slice(before);
          return { messages: added.length, samples: added.slice(0, 3).map((s) => s.slice(0, 160)), handlerRuns: runsAfter - runsBefore };
        },
        async dispose() {
          await cdp.detach().catch(() => {});
        },
      };
    },
  };
}
