/**
 * Drives html2canvas for exactly one viewport. html2canvas is imported here, lazily, so it becomes its
 * own chunk fetched only when a reviewer takes a screenshot.
 *
 * Offsets: html2canvas measures boxes as the clone's client rect + (scrollX, scrollY) and translates
 * the canvas by (-x, -y). Passing the page's scroll offsets for all four works for most content, but
 * then canvas coordinates are document coordinates, and html2canvas's inset box-shadow mask (a
 * rectangle from 0,0 to the canvas size) no longer covers the viewport once the page is scrolled:
 * every `inset` shadow (Tailwind rings) came out as a filled box. So html2canvas is told the page is
 * not scrolled (all four zero), and the clone is scrolled to the real position in `onclone`: boxes are
 * then measured in viewport coordinates, which is exactly the canvas. The window size is the layout
 * viewport so the clone lays the page out at the same width.
 */
import type { Options } from 'html2canvas';
import { keepProbeInline, probeIsDisplaced } from './baseline-probe';
import { createCloneRepairs } from './clone-repairs';
import { mirrorContentVisibility } from './content-visibility';
import { cloneUnshownImage, makeCloneInert } from './inert-clone';
import { adoptPseudoHideSheet, canAdoptPseudoHideSheet } from './pseudo-hide';
import { repairCollapsedBorders, type CollapsedBorders } from './collapsed-borders';
import { blankPrivateInClone } from './mask';
import { repairMaskPaths } from './mask-path-fix';
import { createForeignImages, type ForeignImageRelay } from './foreign-images';
import { createColorConverter, needsRewrite, rewriteValue, type ColorConverter } from './modern-colors';
import { repairObjectFit, type ObjectFits } from './object-fit';
import { farOffscreen, offscreenSvgContent, prepareClone } from './prune';
import { createStubs, type Stubs } from './stubs';
import { createSvgProperties } from './svg-styles';
import { scanStyles } from './style-scan';
import { repairTextBaseline } from './text-baseline-fix';
import type { Guard } from './guard';
import type { CaptureStats } from './types';
import { CaptureError } from './types';
import { createSlicer, type SetHooks } from './slices';
import { context2d, type Viewport } from './viewport';

type Html2Canvas = (element: HTMLElement, options?: Partial<Options>) => Promise<HTMLCanvasElement>;

export interface Html2canvasModule {
  html2canvas: Html2Canvas;
  /** Present when our build's rewrite of html2canvas is (scripts/html2canvas-slices.ts). */
  setHooks: SetHooks | undefined;
}

export async function loadHtml2canvas(): Promise<Html2canvasModule> {
  const module = await import('html2canvas');
  const setHooks = (module as unknown as { __pinmarkSetHooks?: SetHooks }).__pinmarkSetHooks;
  return { html2canvas: module.default as Html2Canvas, setHooks: typeof setHooks === 'function' ? setHooks : undefined };
}

export interface RenderRequest {
  doc: Document;
  viewport: Viewport;
  canvas: HTMLCanvasElement;
  isExcluded: (element: Element) => boolean;
  privateSelectorList: string;
  guard: Guard;
  sliceMs?: number;
  /** How cross-origin images the page did not load with CORS are read (foreign-images.ts). */
  foreignImage?: ForeignImageRelay;
  /** Off-screen subtrees copied as empty boxes (stubs.ts); default true. */
  stubs?: boolean;
}

/** Marks where the clone step failed, so masking problems surface as `masking_failed`. */
class ClonePreparationError extends Error {
  constructor(readonly reason: unknown) {
    super('clone preparation failed');
  }
}

/** The copy's layout differed from the page's where subtrees were stubbed (stubs.ts): copy in full. */
class StubMismatch extends Error {
  constructor() {
    super('stubbed copy laid out differently');
  }
}

export async function renderViewport(engine: Html2canvasModule, request: RenderRequest): Promise<CaptureStats> {
  if (!engine.setHooks || request.stubs === false) return renderOnce(engine, request, false);
  try {
    return await renderOnce(engine, request, true);
  } catch (error) {
    if (!(error instanceof StubMismatch)) throw error;
    return { ...(await renderOnce(engine, request, false)), stubFallback: true };
  }
}

async function renderOnce({ html2canvas, setHooks }: Html2canvasModule, request: RenderRequest, stubbing: boolean): Promise<CaptureStats> {
  const { doc, viewport, canvas, guard } = request;
  const slicer = createSlicer(guard, doc.defaultView ?? window, request.sliceMs);
  const body = doc.body;
  let stats: CaptureStats = { visited: 0, pruned: 0, recoloured: 0 };
  let releaseProbe = (): void => {};
  let fontDocument: Document | null = null;
  const convert = createColorConverter(doc);
  const skipSvgContent = offscreenSvgContent(viewport.cssWidth, viewport.cssHeight);
  const fits: ObjectFits = new Map();
  const pseudoHideSheet = !!setHooks && canAdoptPseudoHideSheet(doc.defaultView ?? window);
  const borders: CollapsedBorders = new Map();
  const area = { left: viewport.scrollX, top: viewport.scrollY, width: viewport.cssWidth, height: viewport.cssHeight };
  // The page's style sheets, read once: for the stubs, and for which SVG nodes need styles copied.
  const styles = scanStyles(doc);
  const stubs: Stubs | null = stubbing ? createStubs(doc, area, styles) : null;
  // Hidden by prepareClone; our html2canvas skips them (no style write, so no restyle of the clone).
  const skipped = setHooks ? new WeakSet<Element>() : undefined;
  const options: Partial<Options> = {
    canvas,
    scale: viewport.scale,
    x: 0,
    y: 0,
    width: viewport.cssWidth,
    height: viewport.cssHeight,
    windowWidth: viewport.cssWidth,
    windowHeight: viewport.cssHeight,
    scrollX: 0,
    scrollY: 0,
    backgroundColor: pageBackground(doc, convert),
    logging: false,
    useCORS: true,
    allowTaint: false,
    imageTimeout: 3000,
    removeContainer: true,
    // html2canvas leaves out <SCRIPT> but not an SVG's <script> (its tagName is lower case).
    ignoreElements: (element) => element.localName === 'script' || request.isExcluded(element) || skipSvgContent(element),
    // html2canvas waits for the promise, so the clone's preparation is spread over three tasks: the
    // clone's first layout (the whole page, one native step), our walk over it, and html2canvas's
    // style recalculation after the walk's writes, which its parse starts with.
    onclone: async (cloneDoc: Document) => {
      // A new task (the clone iframe loaded): the slice starts here.
      slicer.restart();
      try {
        guard.check();
        if (pseudoHideSheet) adoptPseudoHideSheet(cloneDoc);
        blankPrivateInClone(cloneDoc, request.privateSelectorList);
        const cloneWin = cloneDoc.defaultView;
        stubs?.flush();
        cloneWin?.scrollTo(viewport.scrollX, viewport.scrollY);
        if (stubs && cloneWin && !stubs.verify(cloneWin)) throw new StubMismatch();
        // If the clone could not scroll as far as the page (content depending on the window height),
        // shift the crop by the difference instead of capturing the wrong band; x/y are read after
        // onclone returns.
        const dx = cloneWin ? viewport.scrollX - cloneWin.scrollX : 0;
        const dy = cloneWin ? viewport.scrollY - cloneWin.scrollY : 0;
        options.x = dx;
        options.y = dy;
        const cropped = { left: dx, top: dy, width: viewport.cssWidth, height: viewport.cssHeight };
        await slicer.yieldNow();
        stats = prepareClone(cloneDoc, cropped, convert, createCloneRepairs({ convert, fits, borders }), skipped);
        // Font baselines are measured in the clone where our html2canvas rewrite allows, so the host
        // is not laid out again per font; an unmodified html2canvas measures in the global document.
        fontDocument = setHooks ? cloneDoc : null;
        if (probeIsDisplaced(cloneDoc)) releaseProbe = keepProbeInline(fontDocument ?? document);
        await slicer.yieldNow();
      } catch (error) {
        throw error instanceof StubMismatch ? error : new ClonePreparationError(error);
      }
    },
  };

  const ctx = context2d(canvas);
  const foreignImages = createForeignImages(doc, request.foreignImage);
  // Later repairs wrap earlier ones' wrappers: removed in reverse.
  const unrepairs = [
    repairMaskPaths(ctx),
    repairTextBaseline(ctx),
    repairObjectFit(ctx, fits, foreignImages.originalUrl),
    repairCollapsedBorders(ctx, borders),
  ];
  const unrepair = (): void => [...unrepairs].reverse().forEach((undo) => undo());
  const before = new Set(body.children);
  let recopied = false;
  setHooks?.({
    pause: slicer.pause,
    fontDocument: () => fontDocument,
    onCloneRetry: () => {
      recopied = true;
      stubs?.reset();
    },
    ownClone: cloneUnshownImage,
    inert: makeCloneInert,
    offscreen: farOffscreen(viewport.cssWidth, viewport.cssHeight),
    pseudoHideSheet,
    styled: (original, copy, style) => {
      stubs?.copied(original, copy);
      mirrorContentVisibility(original, copy, style);
    },
    plainSvg: skipSvgContent.root,
    svgProperties: createSvgProperties(styles),
    stub: stubs ? stubs.decide : undefined,
    stubbed: stubs ? stubs.stubbed : undefined,
    skipParse: (element) => !!skipped?.has(element),
    imageSource: foreignImages.source,
  });
  const rendering = html2canvas(body, options);
  // html2canvas's clone iframe stays when a rendering fails or is cancelled: remove it at the moment
  // of failure, and again when the (discarded) rendering ends — it may add the iframe only then.
  const removeContainers = (): void => {
    for (const child of [...body.children]) {
      if (!before.has(child) && child.localName === 'iframe' && child.classList.contains('html2canvas-container')) child.remove();
    }
  };
  rendering.then(removeContainers, removeContainers);
  guard.onFail(() => {
    removeContainers();
    releaseProbe();
    unrepair();
  });
  try {
    await guard.race(rendering);
  } catch (error) {
    if (error instanceof CaptureError || error instanceof StubMismatch) throw error;
    if (error instanceof ClonePreparationError) {
      if (error.reason instanceof CaptureError) throw error.reason;
      throw new CaptureError('failed', 'Could not prepare the page for the screenshot.', { cause: error.reason });
    }
    throw new CaptureError('failed', `Screenshot rendering failed: ${describe(error)}`, { cause: error });
  } finally {
    setHooks?.(null);
    slicer.dispose();
    foreignImages.dispose();
    // html2canvas removes it on success; on its own failure it may not have.
    removeContainers();
    releaseProbe();
    unrepair();
  }
  return { ...stats, slices: slicer.yields + 1, recopied, stubs: stubs?.count ?? 0 };
}

/**
 * Rendering from <body>, html2canvas fills the canvas with the given colour but does not propagate
 * the root's or body's background to the whole canvas as browsers do; pass the colour the reviewer sees.
 */
function pageBackground(doc: Document, convert: ColorConverter): string {
  const win = doc.defaultView;
  for (const element of [doc.documentElement, doc.body]) {
    const color = win?.getComputedStyle(element).backgroundColor ?? '';
    const rgb = needsRewrite(color) ? rewriteValue(color, convert, 'black') : color;
    if (rgb && !/^(?:transparent|rgba\(.*,\s*0\))$/.test(rgb)) return rgb;
  }
  return '#ffffff';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
