/**
 * Page geometry shared by describing and locating pins. Apart from describe.ts so that locating
 * (first load: every visitor) does not pull in the path builder (lazy: reviewers only).
 */
export function documentMetrics(doc: Document): { width: number; height: number; scrollX: number; scrollY: number } {
  const root = doc.documentElement;
  const body = doc.body;
  const view = doc.defaultView;
  return {
    width: Math.max(root.scrollWidth, body?.scrollWidth ?? 0, root.clientWidth),
    height: Math.max(root.scrollHeight, body?.scrollHeight ?? 0, root.clientHeight),
    scrollX: view?.scrollX ?? 0,
    scrollY: view?.scrollY ?? 0,
  };
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}
