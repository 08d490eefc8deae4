/**
 * The page probe of the hostile-page tests (hostile.spec.ts): installed before any page script, it
 * records CSP violations, long animation frames and long tasks, counts iframes, and snapshots the
 * page's globals, prototypes and CSS just before the loader runs, so a test can tell what changed.
 */

export interface Probe {
  violations: string[];
  frames: { start: number; duration: number; widgetMs: number; scripts: string[] }[];
  longTasks: { start: number; duration: number }[];
  iframes: number;
  diff(): { globals: string[]; prototypes: string[]; styles: string[] };
  pageHtml(): string;
}
export type Win = Window & { __hostileProbe: Probe; hostile?: { clicks: number; replaceBody(how: string): void } };

/** Runs before any page script: watches CSP, long frames, and snapshots the page just before the loader runs. */
export function installProbe(): void {
  if (window !== window.top) return;
  const probe = { violations: [] as string[], frames: [] as unknown[], longTasks: [] as unknown[] } as unknown as Probe;
  (window as unknown as Win).__hostileProbe = probe;
  document.addEventListener('securitypolicyviolation', (e) =>
    probe.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
  );
  try {
    new PerformanceObserver((list) => {
      type Script = { sourceURL: string; duration: number; invoker: string; forcedStyleAndLayoutDuration: number };
      for (const e of list.getEntries() as unknown as { startTime: number; duration: number; scripts: Script[] }[]) {
        const widgetMs = e.scripts.filter((s) => s.sourceURL.includes('/widget/')).reduce((sum, s) => sum + s.duration, 0);
        const name = (s: Script) =>
          `${s.invoker} ${s.sourceURL.replace(/^.*\//, '')} ${Math.round(s.duration)}ms (layout ${Math.round(s.forcedStyleAndLayoutDuration)}ms)`;
        probe.frames.push({ start: e.startTime, duration: e.duration, widgetMs, scripts: e.scripts.map(name) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no such entry types */
  }
  const prototypes: Record<string, object> = {
    Object: Object.prototype,
    Array: Array.prototype,
    Function: Function.prototype,
    String: String.prototype,
    Promise: Promise.prototype,
    EventTarget: EventTarget.prototype,
    Node: Node.prototype,
    Element: Element.prototype,
    HTMLElement: HTMLElement.prototype,
    Document: Document.prototype,
    History: History.prototype,
    CSSStyleSheet: CSSStyleSheet.prototype,
    Response: Response.prototype,
    XMLHttpRequest: XMLHttpRequest.prototype,
    MutationObserver: MutationObserver.prototype,
    JSON,
    Math,
    Reflect,
    console,
    ObjectCtor: Object,
    ArrayCtor: Array,
    window,
  };
  const shape = (target: object) => {
    const out = new Map<PropertyKey, unknown[]>();
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!;
      out.set(key, [typeof d.value === 'function' ? d.value : typeof d.value, d.get, d.set]);
    }
    return out;
  };
  const styleCount = () => `${document.querySelectorAll('style, link[rel~="stylesheet"]').length}/${document.adoptedStyleSheets.length}`;
  let before: { keys: string[]; shapes: Map<string, Map<PropertyKey, unknown[]>>; styles: string } | undefined;
  const snapshot = () => {
    before ??= {
      keys: Object.keys(window),
      shapes: new Map(Object.entries(prototypes).map(([n, t]) => [n, shape(t)])),
      styles: styleCount(),
    };
  };
  probe.diff = () => {
    const globals = Object.keys(window).filter((k) => !before!.keys.includes(k));
    const changed: string[] = [];
    for (const [name, old] of before!.shapes) {
      const now = shape(prototypes[name]!);
      // New globals on window are counted apart (`globals`); here, what changed or disappeared.
      for (const key of name === 'window' ? old.keys() : new Set([...old.keys(), ...now.keys()])) {
        const [a, b] = [old.get(key), now.get(key)];
        if (!a || !b || a.some((v, i) => v !== b[i])) changed.push(`${name}.${String(key)}`);
      }
    }
    return { globals, prototypes: changed, styles: before!.styles === styleCount() ? [] : [`${before!.styles} → ${styleCount()}`] };
  };
  probe.pageHtml = () => {
    const clone = document.documentElement.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('pinmark-root').forEach((e) => e.remove());
    return clone.outerHTML;
  };
  // Iframes that came and went (util/natives.ts borrows from one only when the page patched globals).
  probe.iframes = 0;
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'IFRAME') probe.iframes += 1;
  }).observe(document, { childList: true, subtree: true });
  const watcher = new MutationObserver(() => {
    if (!document.querySelector('script[src*="/widget/pinmark.js"]')) return;
    snapshot();
    watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
}
