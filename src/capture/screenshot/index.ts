/**
 * The screenshot engine: what a reviewer's report shows. A lazily imported chunk of the widget (and
 * html2canvas a further chunk inside it), so visitors who never comment never download it.
 *
 * `captureViewport` renders exactly the visible viewport with html2canvas, fast on long pages
 * (off-screen subtrees copied as empty boxes: stubs.ts, or pruned in the copy: prune.ts), tolerant of modern CSS colours and cross-origin images, with
 * html2canvas's known layout faults repaired (clone-repairs.ts, *-fix.ts), private fields painted over
 * (failing closed) and the pin drawn on top. `captureDisplayMedia` is the opt-in
 * pixel-perfect alternative through the browser's tab capture.
 */
import { finishCapture } from './finish';
import { createGuard } from './guard';
import { collectPrivateRects, excluder, privateSelectorList } from './mask';
import { loadHtml2canvas, renderViewport } from './render';
import { toCaptureError, type CaptureOptions, type CaptureResult } from './types';
import { createCanvas, readViewport } from './viewport';

export { CaptureError } from './types';
export type { CaptureErrorCode, CaptureOptions, CapturePhase, CapturePin, CaptureResult, CaptureStats, EncodeType } from './types';
export { BUILT_IN_PRIVATE_SELECTORS } from './mask';
export { canvasToBlob } from './finish';
export { captureDisplayMedia } from './display-media';

export async function captureViewport(options: CaptureOptions = {}): Promise<CaptureResult> {
  const started = performance.now();
  const guard = createGuard(options);
  try {
    const doc = options.doc ?? document;
    const isExcluded = excluder(options.exclude);
    // Fail closed before any work: a bad host selector means we cannot promise privacy.
    const selectors = privateSelectorList(doc, options.privateSelectors);
    guard.check();

    guard.progress('loading');
    const engine = await guard.race(loadHtml2canvas());

    guard.progress('rendering');
    // Measured as html2canvas starts copying the page. The copy is spread over several tasks, and if the
    // page changes meanwhile it is copied again, later; private fields are therefore also blanked
    // in the copy itself (mask.ts), so a field that moved is still never drawn.
    const viewport = readViewport(doc, options.maxScale);
    const masks = collectPrivateRects(doc, selectors, viewport, isExcluded);
    const canvas = createCanvas(doc, viewport);
    const stats = await renderViewport(engine, {
      doc,
      viewport,
      canvas,
      isExcluded,
      privateSelectorList: selectors,
      guard,
      sliceMs: options.sliceMs,
      stubs: options.stubs,
      foreignImage: options.foreignImage,
    });
    return await finishCapture({ canvas, viewport, masks, options, guard, started, stats });
  } catch (error) {
    throw toCaptureError(error);
  } finally {
    guard.dispose();
  }
}
