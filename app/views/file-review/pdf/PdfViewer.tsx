/**
 * The PDF viewer of the file review (issue 17), given the props of kit/contract.ts: the document's
 * pages drawn by pdf.js (a lazy chunk with its worker, loaded only here) in one scroller whose
 * layout comes from the page sizes conversion measured, so only pages near the viewport are drawn
 * (virtualised); a toolbar (pages, zoom) and a thumbnail strip from the server's rasters; pins per
 * page; click, keyboard crosshair or selected words start a comment (a `textHighlight` for words);
 * pinch and ctrl+wheel zoom about the fingers or pointer (use-pinch-zoom.ts).
 * Until pdf.js has drawn a page the server's raster preview stands in, so the first page shows at once.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MarkupImage } from '../../../../src/api/wire';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  PAGE_GAP,
  currentPageOf,
  fitWidthZoom,
  layoutPages,
  pageAt,
  pageSizesOf,
  pagesNear,
  threadsByPage,
  zoomIn,
  zoomOut,
} from '../../../state/file-review-pdf';
import { pdfWords } from '../../../i18n/pdf';
import type { PdfPlace, PdfViewerProps } from '../kit/contract';
import { pointOf } from '../kit/geometry';
import { PdfPage } from './PdfPage';
import { PdfThumbnails } from './PdfThumbnails';
import { PdfToolbar } from './PdfToolbar';
import { usePdfSource } from './pdf-source';
import { usePinchZoom, type ZoomAnchor } from './use-pinch-zoom';
import { useTextSelection } from './use-text-selection';
import { useViewport } from './use-viewport';
import './pdf.css';
import './pdf-chrome.css';
import './text-layer.css';

const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;
/** Zooming repaints the canvases only once the reader has stopped pressing + or − for this long. */
const REPAINT_AFTER_ZOOM_MS = 200;

export function PdfViewer(props: PdfViewerProps) {
  const { markup, threads, selectedThreadId } = props;
  const words = pdfWords();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const pageElements = useRef(new Map<number, HTMLElement>());
  const sizes = useMemo(() => pageSizesOf(markup), [markup.id, markup.pageCount, markup.images.length]);
  const images = useMemo(() => {
    const byPage: (MarkupImage | undefined)[] = [];
    for (const image of markup.images) byPage[(image.pageNumber ?? image.position + 1) - 1] = image;
    return byPage;
  }, [markup.images]);
  const viewport = useViewport(scrollerRef);
  const [zoom, setZoom] = useState<number | null>(null);
  const scale = zoom ?? (viewport.width ? fitWidthZoom(sizes, viewport.width) : 1);
  const paintScale = useSettled(scale, REPAINT_AFTER_ZOOM_MS, !viewport.width);
  const layout = useMemo(() => layoutPages(sizes, scale), [sizes, scale]);
  const current = viewport.height ? currentPageOf(layout, viewport.scrollTop, viewport.height) : 1;
  const currentRef = useRef(current);
  currentRef.current = current;
  const near = viewport.height ? pagesNear(layout, viewport.scrollTop, viewport.height) : { first: 1, last: 1 };
  const pdf = usePdfSource(markup.id, images[0]?.url ?? null, currentRef);
  const byPage = useMemo(() => threadsByPage(threads), [threads]);
  const counts = useMemo(() => new Map([...byPage].map(([page, list]) => [page, list.length])), [byPage]);
  const selection = useTextSelection(scrollerRef, props.canComment);
  const gestureAnchor = useRef<ZoomAnchor | null>(null);
  useZoomAnchor(scrollerRef, layout, gestureAnchor, pageElements);
  usePinchZoom({
    scroller: scrollerRef,
    scale,
    pageAtPoint: (clientX, clientY) => {
      const scroller = scrollerRef.current;
      if (!scroller) return null;
      const page = pageAt(layout, clientY - scroller.getBoundingClientRect().top + scroller.scrollTop);
      const box = pageElements.current.get(page);
      return box ? { page, box } : null;
    },
    zoomTo: (next, anchor) => {
      gestureAnchor.current = anchor;
      // At a limit the layout stays as it is: the fingers still pan.
      if (next === scale) placeAnchor(scrollerRef.current, gestureAnchor, pageElements.current);
      else setZoom(next);
    },
  });

  const goTo = (page: number, focus = true) => {
    const target = Math.min(Math.max(1, page), sizes.length);
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = layout.tops[target - 1]! - PAGE_GAP / 2;
    if (focus) pageElements.current.get(target)?.focus({ preventScroll: true });
  };

  // The selected thread's page (and its pin) scrolled into view when the selection changes.
  useEffect(() => {
    const thread = threads.find((t) => t.id === selectedThreadId);
    const scroller = scrollerRef.current;
    if (!thread || !scroller) return;
    const index = thread.pageNumber - 1;
    if (index < 0 || index >= layout.tops.length) return;
    const pinY = layout.tops[index]! + (layout.heights[index]! * thread.offsetYPercentage) / 100;
    if (pinY < scroller.scrollTop + 24 || pinY > scroller.scrollTop + scroller.clientHeight - 24)
      scroller.scrollTop = pinY - scroller.clientHeight / 2;
  }, [selectedThreadId]);

  const startThread = (place: PdfPlace) =>
    props.startThread(place, {
      renderExtra: (at) => (at.textHighlight ? <p class="pdf-quote">{words.quote(at.textHighlight.text)}</p> : null),
    });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || (event.target as Element).closest('input, textarea, [contenteditable]')) return;
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      goTo(current + (event.key === 'PageDown' ? 1 : -1));
    } else if (event.key === '+' || event.key === '=') setZoomTo(zoomIn(scale));
    else if (event.key === '-') setZoomTo(zoomOut(scale));
    else if (event.key === '0') setZoom(null);
  };

  const setZoomTo = (next: number) => setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next)));
  const hint = touchOnly() ? words.hintTouch : words.hint;
  return (
    <div class="pdf-viewer" onKeyDown={onKeyDown}>
      <PdfToolbar
        page={current}
        pageCount={sizes.length}
        goTo={(page) => goTo(page)}
        zoomPercent={Math.round(scale * 100)}
        zoomIn={() => setZoomTo(zoomIn(scale))}
        zoomOut={() => setZoomTo(zoomOut(scale))}
        fitWidth={() => setZoom(null)}
        canZoomIn={scale < MAX_ZOOM}
        canZoomOut={scale > MIN_ZOOM}
      />
      <p id="pdf-page-hint" class="pdf-hint">
        {props.canComment ? hint : ''}
      </p>
      {pdf.status !== 'ready' && (
        <p class="pdf-status" role="status">
          {pdf.status === 'loading' ? words.loading : words.failed}
        </p>
      )}
      <div class="pdf-body">
        <PdfThumbnails
          sizes={sizes}
          images={images}
          commentCounts={counts}
          current={current}
          goTo={(page) => goTo(page)}
          pictures={pdf.status !== 'loading'}
        />
        <div ref={scrollerRef} class="pdf-scroller" data-pdf-scroller>
          <div class="pdf-pages">
            {sizes.map((_, index) => {
              const page = index + 1;
              const isNear = page >= near.first && page <= near.last;
              return (
                <PdfPage
                  key={page}
                  pageNumber={page}
                  pageCount={sizes.length}
                  width={layout.widths[index]!}
                  height={layout.heights[index]!}
                  scale={scale}
                  paintScale={paintScale}
                  near={isNear}
                  source={pdf.status === 'ready' && viewport.width ? pdf.source : null}
                  previewUrl={images[index]?.previewUrl ?? null}
                  projectImageId={images[index]?.id}
                  threads={isNear ? (byPage.get(page) ?? NONE) : NONE}
                  selectedThreadId={selectedThreadId}
                  selectThread={props.selectThread}
                  pending={props.pending?.pageNumber === page ? props.pending : null}
                  canComment={props.canComment}
                  startThread={startThread}
                  tabbable={page === current}
                  pageRef={(n, element) => (element ? pageElements.current.set(n, element) : pageElements.current.delete(n))}
                  selection={selection.draft?.pageNumber === page ? selection.draft : null}
                  clearSelection={selection.clear}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

const NONE: never[] = [];

/**
 * `value`, once it has stayed the same for `ms` — except the first value after a provisional one
 * (the zoom before the viewport was measured), which is taken at once: page 1 is painted at its
 * real size straight away, not first at a guess and again 200 ms later.
 */
function useSettled<T>(value: T, ms: number, provisional: boolean): T {
  const settled = useRef(value);
  const wasProvisional = useRef(true);
  const [, settle] = useState(0);
  if (wasProvisional.current) settled.current = value;
  wasProvisional.current = provisional;
  useEffect(() => {
    if (settled.current === value) return;
    const timer = setTimeout(() => {
      settled.current = value;
      settle((n) => n + 1);
    }, ms);
    return () => clearTimeout(timer);
  }, [value]);
  return settled.current;
}

/** Scrolls so the gesture's spot of its page is under the pointer (or fingers) again; then forgets it. */
function placeAnchor(element: HTMLElement | null, anchor: { current: ZoomAnchor | null }, pages: Map<number, HTMLElement>): boolean {
  const at = anchor.current;
  anchor.current = null;
  const box = at && pages.get(at.page);
  if (!element || !at || !box) return false;
  const now = pointOf(box.getBoundingClientRect(), at.x, at.y);
  element.scrollLeft += now.x - at.clientX;
  element.scrollTop += now.y - at.clientY;
  return true;
}

/**
 * Keeps the spot being read in place when the zoom (and so every page's size) changes: a pinch's or
 * ctrl+wheel's spot under the fingers or pointer, else the top of the page being read.
 */
function useZoomAnchor(
  scroller: { current: HTMLElement | null },
  layout: ReturnType<typeof layoutPages>,
  gesture: { current: ZoomAnchor | null },
  pages: { current: Map<number, HTMLElement> },
) {
  const previous = useRef(layout);
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    previous.current = layout;
    if (!element || before === layout || before.tops.length !== layout.tops.length) return;
    if (placeAnchor(element, gesture, pages.current)) return;
    const index = currentPageOf(before, element.scrollTop, 0) - 1;
    const into = (element.scrollTop - before.tops[index]!) / Math.max(1, before.heights[index]!);
    element.scrollTop = layout.tops[index]! + into * layout.heights[index]!;
  }, [layout]);
}
