/**
 * html2canvas 1.4.1 draws text a pixel or more off Chromium's baseline, and a pixel shift of every
 * line costs more fidelity than anything else it gets wrong:
 * - Text: it finds a font's baseline from a 1×1 image sitting on the baseline after sample text
 *   (`img.offsetTop - span.offsetTop + 2`). The image's top is one pixel above the baseline, so the
 *   "+ 2" overshoots by exactly one — Chromium rounds ascents to whole pixels, so it is one whole CSS
 *   pixel on every font and size. Underlines are rectangles a pixel below that (wrong) baseline, which
 *   is where Chromium puts them, so only the glyphs move.
 * - List markers: drawn with a `middle` baseline at the line's middle + 2 px, while Chromium puts
 *   them on the line's baseline: half the difference of ascent and descent below the middle.
 * html2canvas draws every text through fillText/strokeText on the context we hand it (scaled to the
 * DPR, so these are CSS pixels), and alphabetic/middle are the only baselines it uses for text, so
 * instance-level wrappers correct the position; they are removed before the canvas is handed out.
 */

const WRAPPED = ['fillText', 'strokeText'] as const;
/** CSS pixels html2canvas's text baseline is too low by. */
const OVERSHOOT = 1;
/** What html2canvas adds to the middle of a list item's first line to place its marker. */
const MARKER_OFFSET = 2;

/** Installs the correction on `ctx`; returns the function that removes it. */
export function repairTextBaseline(ctx: CanvasRenderingContext2D): () => void {
  const proto = Object.getPrototypeOf(ctx) as CanvasRenderingContext2D;
  for (const name of WRAPPED) {
    const draw = (text: string, x: number, y: number, maxWidth?: number): void =>
      maxWidth === undefined ? proto[name].call(ctx, text, x, y) : proto[name].call(ctx, text, x, y, maxWidth);
    Object.defineProperty(ctx, name, {
      configurable: true,
      writable: true,
      value(text: string, x: number, y: number, maxWidth?: number) {
        if (ctx.textBaseline === 'alphabetic') return draw(text, x, y - OVERSHOOT, maxWidth);
        if (ctx.textBaseline !== 'middle') return draw(text, x, y, maxWidth);
        ctx.textBaseline = 'alphabetic';
        try {
          // Chromium rounds ascent and descent to whole pixels when it lays out the line.
          const metrics = proto.measureText.call(ctx, text);
          const below = (Math.round(metrics.fontBoundingBoxAscent) - Math.round(metrics.fontBoundingBoxDescent)) / 2;
          return draw(text, x, y - MARKER_OFFSET + below, maxWidth);
        } finally {
          ctx.textBaseline = 'middle';
        }
      },
    });
  }
  return () => {
    for (const name of WRAPPED) delete (ctx as unknown as Record<string, unknown>)[name];
  };
}
