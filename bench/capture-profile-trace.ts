/**
 * Where the time of a capture goes (bench/capture-profile.ts): a CPU profile sorted into the capture's
 * phases by the functions on each sample's stack, and a timeline trace of the main thread's events
 * with the longest task counted in thread time (CPU), which a busy machine does not stretch.
 */
import type { CDPSession, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';

/** A timeline trace (devtools.timeline only) of `times` captures: main-thread self time by event name. */
export async function timeline(page: Page, global: string, times: number, file: string): Promise<string> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'v8.execute', 'toplevel'] },
  });
  await page.evaluate(
    async ({ global, times }) => {
      for (let i = 0; i < times; i++) {
        await new Promise((r) => setTimeout(r, 50));
        await (window as any)[global].captureViewport();
      }
    },
    { global, times },
  );
  await cdp.send('Tracing.end');
  await done;
  writeFileSync(`${file}.trace.json`, JSON.stringify({ traceEvents: events }));
  await cdp.detach();
  const counts = new Map<string, number>();
  for (const e of events) if (e.name === 'FunctionCall') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; children: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
      const { e, children } = stack.pop()!;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - children);
    }
  };
  for (const e of onMain) {
    close(e.ts);
    const top = stack[stack.length - 1];
    if (top) top.children += e.dur!;
    stack.push({ e, children: 0 });
  }
  close(Infinity);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const longest = (of: (e: TraceEvent) => number | undefined) => Math.max(0, ...tasks.map((e) => of(e) ?? 0)) / 1000;
  let text = `longest task: ${longest((e) => e.tdur).toFixed(1)} ms CPU (${longest((e) => e.dur).toFixed(1)} ms wall)\n`;
  text += `main thread busy ${(total / 1000 / times).toFixed(1)} ms per capture; self time by event:\n`;
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    text += `  ${(us / 1000 / times).toFixed(1).padStart(7)} ms  ${key}\n`;
  return text;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration. */
  tdur?: number;
  tid: number;
  pid: number;
}

/** A CPU profile (CDP Profiler) of `times` captures by `global`: samples by phase and JS self time by function. */
export async function cpuProfile(page: Page, global: string, times: number, file: string): Promise<string> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const wall = await page.evaluate(
    async ({ global, times }) => {
      let total = 0;
      for (let i = 0; i < times; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const started = performance.now();
        await (window as any)[global].captureViewport();
        total += performance.now() - started;
      }
      return total;
    },
    { global, times },
  );
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
  await cdp.detach();
  return `wall ${(wall / times).toFixed(0)} ms per capture while profiled\n` + summarise(profile, times);
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

function summarise(profile: CpuProfile, times: number): string {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfBy = new Map<string, number>();
  const phaseBy = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const key = `${name}:${node.callFrame.lineNumber}`;
    selfBy.set(key, (selfBy.get(key) ?? 0) + dt);
    let phase = name;
    if (!name.startsWith('(')) {
      phase = 'other JS';
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const known = PHASES.find(([pattern]) => pattern.test(byId.get(n!)!.callFrame.functionName));
        if (known) {
          phase = known[1];
          break;
        }
      }
    }
    phaseBy.set(phase, (phaseBy.get(phase) ?? 0) + dt);
  });
  let text = `samples by phase (per capture, idle left out):\n`;
  for (const [key, us] of [...phaseBy.entries()].sort((a, b) => b[1] - a[1]))
    if (key !== '(idle)') text += `  ${(us / 1000 / times).toFixed(1).padStart(7)} ms  ${key}\n`;
  text += `JS self time by function (per capture):\n`;
  for (const [key, us] of [...selfBy.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    text += `  ${(us / 1000 / times).toFixed(1).padStart(7)} ms  ${key}\n`;
  return text;
}

/** The innermost of these on a sample's stack names its phase. */
const PHASES: Array<[RegExp, string]> = [
  [/^(decide|eligible|canStub|staysAway|overflowStaysAway|fillsContainer|blockFlowCollapses|stubbed)$/, 'copy: stub decisions'],
  [/^verify$/, 'onclone: verify stubs'],
  [/^prepareClone$/, 'onclone: prepareClone'],
  [/^onclone$/, 'onclone: other'],
  [/^(__pinmarkCloneNode|__pinmarkCloneDocument|__pinmarkAppendChildNode|__pinmarkCloneChildNodes)$/, 'copy: clone nodes'],
  [/toIFrame|iframeLoader/, 'iframe'],
  [/^(__pinmarkParseNodeTree|__pinmarkParseTree)$/, 'parse'],
  [/^(__pinmarkRenderNode|CanvasRenderer\..*|renderNode)$/, 'paint'],
  [/^(createStubs|scanStyles)$/, 'setup: stubs'],
  [/^(collectPrivateRects|privateSelectorList)$/, 'setup: masks'],
  [/^finishCapture$/, 'finish'],
];
