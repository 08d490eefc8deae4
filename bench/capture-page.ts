/**
 * The in-page half of the capture bench (bench/capture.ts): timing both capture paths and scoring
 * their images against Chromium's screenshot, run through page.evaluate on a QA page that has the
 * bench bundle (window.__captureBench: html2canvas, captureViewport, canvasToBlob, privateSelectors).
 */
import type { Page } from '@playwright/test';

export interface PathResult {
  medianMs: number | null;
  /** The slowest of the timed runs. */
  worstMs?: number;
  error?: string;
  /** Text drawn on canvases during one extra (untimed) run, in order. */
  drawnText: string;
  masked?: number;
  /** The longest task (Long Tasks API) that started during a timed run: how long the page was held. */
  longestTaskMs?: number;
  pngBytes?: number;
  encoded?: { type: string; bytes: number };
}

/**
 * In the page: one warm-up of each path, then `runs` rounds alternating ours and naive (so a busy
 * machine slows both alike); keeps each path's last canvas (cropped to the viewport) on
 * window.__shots, then one untimed run of each with every canvas text draw recorded.
 */
export async function timeBoth(page: Page, runs: number, naive = true): Promise<Record<'ours' | 'naive', PathResult>> {
  const results = await page.evaluate(
    async ({ runs, naive }) => {
      type Shot = { canvas: HTMLCanvasElement; masked?: number };
      const bench = (window as any).__captureBench;
      const shots = ((window as any).__shots ??= {});
      const paths: Record<'ours' | 'naive', () => Promise<Shot>> = {
        ours: async () => {
          const result = await bench.captureViewport();
          return { canvas: result.canvas, masked: result.maskedCount };
        },
        naive: async () => {
          const full: HTMLCanvasElement = await bench.html2canvas(document.body, { logging: false });
          // The naive canvas is the whole document from its origin; cut out what the viewport showed.
          const crop = document.createElement('canvas');
          crop.width = (document.compatMode === 'BackCompat' ? document.body : document.documentElement).clientWidth;
          crop.height = (document.compatMode === 'BackCompat' ? document.body : document.documentElement).clientHeight;
          crop.getContext('2d')!.drawImage(full, -window.scrollX, -window.scrollY);
          return { canvas: crop };
        },
      };
      const keys = naive ? (['ours', 'naive'] as const) : (['ours'] as const);
      const times: Record<string, number[]> = { ours: [], naive: [] };
      const spans: Record<string, [number, number][]> = { ours: [], naive: [] };
      const longTasks: { start: number; duration: number }[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
      });
      observer.observe({ type: 'longtask' });
      const errors: Record<string, string> = {};
      const last: Record<string, Shot> = {};
      for (let round = 0; round <= runs; round++) {
        for (const key of keys) {
          if (errors[key]) continue;
          await new Promise((r) => setTimeout(r, 50));
          const started = performance.now();
          try {
            last[key] = await paths[key]();
          } catch (error) {
            errors[key] = error instanceof Error ? error.message : String(error);
            continue;
          }
          if (round > 0) {
            times[key]!.push(performance.now() - started);
            spans[key]!.push([started, performance.now()]);
          }
        }
      }
      // Long-task entries arrive after their task: let the last ones in.
      await new Promise((r) => setTimeout(r, 100));
      for (const entry of observer.takeRecords()) longTasks.push({ start: entry.startTime, duration: entry.duration });
      observer.disconnect();
      const results = {} as Partial<Record<'ours' | 'naive', PathResult>>;
      for (const key of keys) {
        if (errors[key]) {
          results[key] = { medianMs: null, error: errors[key], drawnText: '' };
          continue;
        }
        shots[key] = last[key]!.canvas;
        // One more run with every canvas text draw recorded (private values must not be among them).
        const drawn: string[] = [];
        const proto = CanvasRenderingContext2D.prototype;
        const originals = { fillText: proto.fillText, strokeText: proto.strokeText };
        for (const name of ['fillText', 'strokeText'] as const) {
          proto[name] = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
            drawn.push(String(text));
            return originals[name].call(this, text, x, y, maxWidth);
          };
        }
        try {
          await paths[key]();
        } finally {
          Object.assign(proto, originals);
        }
        const sorted = [...times[key]!].sort((a, b) => a - b);
        const during = longTasks.filter((t) => spans[key]!.some(([from, to]) => t.start >= from - 1 && t.start <= to));
        results[key] = {
          medianMs: sorted[Math.floor(sorted.length / 2)]!,
          worstMs: sorted[sorted.length - 1]!,
          drawnText: drawn.join(''),
          longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
        };
      }
      if (!errors.ours) {
        const canvas = last.ours!.canvas;
        const png: Blob | null = await new Promise((r) => canvas.toBlob(r, 'image/png'));
        const encoded: Blob = await bench.canvasToBlob(canvas);
        Object.assign(results.ours!, {
          masked: last.ours!.masked,
          pngBytes: png?.size ?? 0,
          encoded: { type: encoded.type, bytes: encoded.size },
        });
      }
      return results;
    },
    { runs, naive },
  );
  return {
    ours: results.ours!,
    naive: results.naive ?? { medianMs: null, error: 'not run (BENCH_CAPTURE_NAIVE=0)', drawnText: '' },
  };
}
