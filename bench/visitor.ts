/**
 * Section (issue 20): what a visitor who never interacts downloads, how soon a returning reviewer
 * sees their pins, and a first-time reviewer's click-to-panel on Fast 3G with a ×4 slower CPU —
 * "before" (the widget of VISITOR_BASELINE: every visitor loads app.js) beside "now", alternating
 * in the same run on two servers that differ only in WIDGET_DIR.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { BUDGETS, measureBundle } from '../scripts/bundle-size.ts';
import type { BenchRow, BenchSection } from './section.ts';
import { startServer, type BenchServer } from './server.ts';
import { reviewerTokens } from './traffic.ts';
import { prepareWidgetBaseline } from './visitor-baseline.ts';
import { CPU_SLOWDOWN, firstClickToPanel, returningToPins, visitorBytes } from './visitor-drive.ts';

const RUNS = Number(process.env.BENCH_VISITOR_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** Three threads on one page, and a session for a reviewer of the demo markup. */
async function returningReviewer(server: BenchServer, path: string): Promise<{ key: string; session: string }> {
  const { apiBase, markupId, workspaceApiKey, publicKey } = server.demo;
  const url = new URL(path, server.url).toString();
  for (const elementPath of ['h1', 'header', 'main p']) {
    const res = await fetch(`${apiBase}/api/v2/threads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${workspaceApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        isImageThread: false,
        projectId: markupId,
        url,
        canonicalUrl: url,
        elements: [{ elementPath, offsetXPercentage: 20, offsetYPercentage: 50 }],
        offsetXPercentage: 20,
        offsetYPercentage: 20,
        message: { ops: [{ insert: `Bench pin on ${elementPath}\n` }] },
        elementParents: [],
        viewModeId: 'desktop',
        browserContext: {
          browserName: 'Chrome',
          browserVersion: '140',
          os: 'Linux',
          osVersion: '',
          osVersionName: '',
          platform: 'desktop',
          screenWidth: 1280,
          screenHeight: 800,
          viewportWidth: 1280,
          viewportHeight: 800,
          devicePixelRatio: 1,
        },
      }),
    });
    if (!res.ok) throw new Error(`seeding a thread: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  const [token] = await reviewerTokens(server);
  const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
  const session = JSON.stringify({ exchangeToken: token, expiresAt, userId: 'bench-reviewer-0', name: 'Bench reviewer 0' });
  return { key: `pinmark:session:${publicKey}:${markupId}`, session };
}

export async function measure(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const add = (what: string, measured: string, budget: string, ok: boolean | null) => rows.push({ what, measured, budget, ok });
  const sizes = measureBundle();
  const visitorGzip = sizes.loaderGzip + sizes.launcherGzip;
  add(
    'visitor download: loader + launcher.js (gzip, files)',
    kb(visitorGzip),
    `≤ ${kb(BUDGETS.visitorGzip)}`,
    visitorGzip <= BUDGETS.visitorGzip,
  );

  const baseline = prepareWidgetBaseline();
  const now = await startServer(8771);
  const before = baseline.ok ? await startServer(8772, { env: { WIDGET_DIR: baseline.widgetDir } }) : null;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const variants = [
    { name: 'now', server: now },
    ...(before ? [{ name: `before (${baseline.ok && baseline.commit})`, server: before }] : []),
  ];
  const figures = new Map(
    variants.map((v) => [
      v.name,
      {
        transfer: [] as number[],
        launcher: [] as number[],
        pins: [] as number[],
        click: [] as number[],
        approach: [] as number[],
        files: '',
      },
    ]),
  );
  try {
    const sessions = new Map<string, { key: string; session: string }>();
    for (const { name, server } of variants) sessions.set(name, await returningReviewer(server, '/?case=bench-returning'));
    // Warm-up: the servers' first answers (demo page, widget files) are not what visitors see.
    for (const { server } of variants) await visitorBytes(browser, `${server.url}/?case=bench-warm`);
    for (let run = 0; run < RUNS; run++) {
      for (const { name, server } of variants) {
        const f = figures.get(name)!;
        const visit = await visitorBytes(browser, `${server.url}/?case=bench-visitor-${run}`);
        f.transfer.push(visit.transfer);
        f.launcher.push(visit.launcherMs);
        f.files = visit.files.join(', ');
        const { key, session } = sessions.get(name)!;
        f.pins.push(await returningToPins(browser, `${server.url}/?case=bench-returning`, key, session));
        const click = await firstClickToPanel(browser, `${server.url}/?case=bench-first-${run}`);
        f.click.push(click.clickMs);
        f.approach.push(click.approachMs);
      }
    }
  } finally {
    await browser.close();
    await now.stop();
    await before?.stop();
  }
  for (const { name } of variants) {
    const f = figures.get(name)!;
    const isNow = name === 'now';
    add(
      `${name}: visitor's widget transfer in Chromium (${f.files})`,
      kb(median(f.transfer)),
      isNow ? `≤ ${kb(BUDGETS.visitorGzip)}` : '—',
      isNow ? median(f.transfer) <= BUDGETS.visitorGzip : null,
    );
    add(`${name}: loader → launcher visible (median)`, ms(median(f.launcher)), '≤ 50 ms', median(f.launcher) <= 50);
    add(`${name}: returning reviewer, navigation → first pin (median)`, ms(median(f.pins)), '—', null);
    add(
      `${name}: first-time reviewer on Fast 3G, ×${CPU_SLOWDOWN} CPU: click → sign-in panel (median)`,
      ms(median(f.click)),
      isNow ? '≤ 300 ms' : '—',
      isNow ? median(f.click) <= 300 : null,
    );
    add(`${name}: the same from the pointer's first move towards the launcher (800 ms travel)`, ms(median(f.approach)), '—', null);
  }
  if (!baseline.ok) add('before: not measured', baseline.reason, '—', null);
  return {
    title: 'Visitor payload (issue 20)',
    rows,
    detail: `Medians of ${RUNS} runs per variant, alternating; two servers that differ only in the widget they serve. The throttled profile is DevTools' Fast 3G (562.5 ms latency, 1.44 Mbit/s down) with CPU ×${CPU_SLOWDOWN}; the pointer travels 600 px to the launcher in 800 ms, then presses.`,
  };
}
