/**
 * html2canvas 1.4.1 clips box-shadows with a "mask": the whole canvas as one subpath and the box,
 * traced backwards, as a hole. It traces the box backwards by reversing the list of its corners but
 * not each corner's Bézier curve, so on any rounded box the hole is garbage: outer shadows are
 * painted over the box itself (every rounded card with a shadow comes out tinted) and inset shadows
 * (Tailwind rings) fill it. html2canvas draws on the canvas we hand it, so that one context gets
 * instance-level wrappers that recognise a mask — a path that starts by tracing the full canvas —
 * and re-emit its hole correctly reversed. Nothing global is touched, and the wrappers are removed
 * before the canvas is handed out.
 */

interface Point {
  x: number;
  y: number;
}
interface HoleCorner {
  start: Point;
  curve?: [Point, Point, Point];
}

const WRAPPED = ['beginPath', 'moveTo', 'lineTo', 'bezierCurveTo', 'closePath', 'fill', 'clip', 'stroke'] as const;

/** Installs the repair on `ctx`; returns the function that removes it. */
export function repairMaskPaths(ctx: CanvasRenderingContext2D): () => void {
  const proto = Object.getPrototypeOf(ctx) as CanvasRenderingContext2D;
  // Steps of the full-canvas rectangle seen so far (5 = complete), or -1 when not in a mask.
  let rectStep = -1;
  let hole: HoleCorner[] | null = null;
  const corner = (step: number): Point => {
    const { width, height } = ctx.canvas;
    return [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
      { x: 0, y: 0 },
    ][step]!;
  };
  /** Draws the buffered hole: each corner's curve reversed, from its end back to its start. */
  const flush = (): void => {
    const corners = hole;
    hole = null;
    rectStep = -1;
    corners?.forEach(({ start, curve }, index) => {
      const from = curve ? curve[2] : start;
      if (index === 0) proto.moveTo.call(ctx, from.x, from.y);
      else proto.lineTo.call(ctx, from.x, from.y);
      if (curve) proto.bezierCurveTo.call(ctx, curve[1].x, curve[1].y, curve[0].x, curve[0].y, start.x, start.y);
    });
  };

  const wrappers: Partial<Record<(typeof WRAPPED)[number], unknown>> = {
    beginPath() {
      flush();
      rectStep = 0;
      proto.beginPath.call(ctx);
    },
    moveTo(x: number, y: number) {
      if (hole || rectStep === 5) {
        // After the full rectangle, a new subpath is the hole html2canvas reversed (wrongly).
        hole ??= [];
        hole.push({ start: { x, y } });
        return;
      }
      rectStep = rectStep === 0 && x === 0 && y === 0 ? 1 : -1;
      proto.moveTo.call(ctx, x, y);
    },
    lineTo(x: number, y: number) {
      if (hole) {
        hole.push({ start: { x, y } });
        return;
      }
      const expected = rectStep >= 1 && rectStep <= 4 ? corner(rectStep) : undefined;
      rectStep = expected && expected.x === x && expected.y === y ? rectStep + 1 : -1;
      proto.lineTo.call(ctx, x, y);
    },
    bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
      const last = hole?.[hole.length - 1];
      if (last && !last.curve) {
        last.curve = [
          { x: c1x, y: c1y },
          { x: c2x, y: c2y },
          { x, y },
        ];
        return;
      }
      flush();
      proto.bezierCurveTo.call(ctx, c1x, c1y, c2x, c2y, x, y);
    },
    closePath() {
      flush();
      proto.closePath.call(ctx);
    },
  };
  for (const name of ['fill', 'clip', 'stroke'] as const) {
    wrappers[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      flush();
      return (proto[name] as (...a: unknown[]) => unknown).apply(ctx, args);
    };
  }
  for (const name of WRAPPED) Object.defineProperty(ctx, name, { value: wrappers[name], configurable: true, writable: true });
  return () => {
    for (const name of WRAPPED) delete (ctx as unknown as Record<string, unknown>)[name];
  };
}
