/**
 * One page of the PDF: a box of the page's size at the current zoom (known from the markup before
 * pdf.js has loaded, so the scroll layout never jumps), which — only while near the viewport — holds
 * the server's raster preview until pdf.js has painted the canvas, the text layer (selectable words),
 * the drawn text highlights, and the pins at their percentages of the box. Leaving the viewport frees
 * the canvas and the text layer. Clicking the page (not a pin, not after selecting words) or Enter at
 * the keyboard crosshair starts a comment there.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PdfThreadResponse, TextHighlight } from '../../../../src/api/wire';
import type { PdfPlace } from '../kit/contract';
import { clampPercent, percentIn } from '../kit/geometry';
import { PinMarker, pinLabel } from '../kit/PinMarker';
import { pdfWords } from '../../../i18n/pdf';
import { PageCrosshair, useCrosshair } from './crosshair';
import { drawPage, drawTextLayer, isCancelled, type PageDrawing, type TextLayerDrawing } from './pdf-engine';
import type { PdfSource } from './pdf-source';
import { highlightRects, type PercentRect } from './text-highlight';
import type { SelectionDraft } from './use-text-selection';

export interface PdfPageProps {
  pageNumber: number;
  pageCount: number;
  /** The page box in CSS px, and CSS px per PDF point. */
  width: number;
  height: number;
  scale: number;
  /** The scale the canvas is painted at (follows `scale` once zooming has settled). */
  paintScale: number;
  near: boolean;
  source: PdfSource | null;
  previewUrl: string | null;
  projectImageId: string | undefined;
  threads: readonly PdfThreadResponse[];
  selectedThreadId: string | null;
  selectThread: (id: string | null) => void;
  /** The composer's place when it is on this page. */
  pending: PdfPlace | null;
  canComment: boolean;
  startThread: (place: PdfPlace) => void;
  /** The current page is the one in the Tab order (a roving tabindex over the pages). */
  tabbable: boolean;
  pageRef: (page: number, element: HTMLElement | null) => void;
  /** Words of this page selected, waiting for "Comment on selection". */
  selection: SelectionDraft | null;
  clearSelection: () => void;
}

export function PdfPage(props: PdfPageProps) {
  const { pageNumber, near, source, paintScale } = props;
  const words = pdfWords();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [painted, setPainted] = useState(false);
  const [textReady, setTextReady] = useState(0);
  const [failed, setFailed] = useState(false);
  const textDrawn = useRef(false);

  // Paint (and repaint at a new zoom) while near; free everything when far.
  useEffect(() => {
    const canvas = canvasRef.current;
    const textLayer = textRef.current;
    if (!near || !source || !canvas || !textLayer) {
      if (canvas) canvas.width = canvas.height = 0;
      if (textLayer) textLayer.replaceChildren();
      textDrawn.current = false;
      setPainted(false);
      setTextReady(0);
      return;
    }
    let cancelled = false;
    let drawing: PageDrawing | null = null;
    let text: TextLayerDrawing | null = null;
    const unschedule = source.queue.schedule(
      () => source.distance(pageNumber),
      async () => {
        try {
          const page = await source.doc.getPage(pageNumber);
          if (cancelled) return;
          drawing = drawPage(page, canvas, paintScale);
          await drawing.done;
          if (cancelled) return;
          setPainted(true);
          setFailed(false);
          if (!textDrawn.current) {
            textDrawn.current = true;
            text = drawTextLayer(source.pdfjs, page, textLayer);
            await text.done;
            if (!cancelled) setTextReady((n) => n + 1);
          }
        } catch (error) {
          if (!isCancelled(error) && !cancelled) setFailed(true);
          if (text) textDrawn.current = false;
        }
      },
    );
    return () => {
      cancelled = true;
      unschedule();
      (drawing as PageDrawing | null)?.cancel();
      (text as TextLayerDrawing | null)?.cancel();
    };
  }, [near, source, paintScale, pageNumber]);

  const highlights = useHighlightRects(props, textRef, boxRef, textReady);
  const crosshair = useCrosshair(props.canComment, (point) => props.startThread(placeAt(props, point.x, point.y)));
  useLayoutEffect(() => props.pageRef(pageNumber, boxRef.current), [pageNumber]);

  const onClick = (event: MouseEvent) => {
    if (!props.canComment || event.button !== 0) return;
    const selection = document.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim()) return;
    const target = event.target as Element;
    if (target.closest('button, a, input')) return;
    const point = percentIn(boxRef.current!.getBoundingClientRect(), event.clientX, event.clientY);
    if (point) props.startThread(placeAt(props, point.x, point.y));
  };

  const label = words.pageLabel(pageNumber, props.pageCount);
  return (
    <div
      ref={boxRef}
      class={`pdf-page${painted ? ' pdf-page--painted' : ''}`}
      style={{ width: `${props.width}px`, height: `${props.height}px`, '--total-scale-factor': String(props.scale) }}
      data-page={pageNumber}
      role="group"
      aria-label={label}
      aria-describedby={props.canComment ? 'pdf-page-hint' : undefined}
      tabIndex={props.tabbable ? 0 : -1}
      onClick={onClick}
      onKeyDown={crosshair.onKeyDown}
      onBlur={crosshair.onBlur}
    >
      {near && props.previewUrl && !painted && <img class="pdf-page-preview" src={props.previewUrl} alt="" draggable={false} />}
      <canvas ref={canvasRef} class="pdf-page-canvas" aria-hidden="true" />
      <div class="pdf-highlights" aria-hidden="true">
        {highlights.map(({ rect, threadId, kind }, i) => (
          <div
            key={`${threadId}-${i}`}
            class={`pdf-highlight pdf-highlight--${kind}`}
            style={{ left: `${rect.left}%`, top: `${rect.top}%`, width: `${rect.width}%`, height: `${rect.height}%` }}
            data-highlight={threadId}
          />
        ))}
      </div>
      <div ref={textRef} class="textLayer" data-page={pageNumber} />
      {near && (
        <div class="pdf-pins">
          {props.threads.map((thread) => (
            <PinMarker
              key={thread.id}
              number={thread.number}
              x={thread.offsetXPercentage}
              y={thread.offsetYPercentage}
              label={pinLabel(thread)}
              selected={thread.id === props.selectedThreadId}
              resolved={thread.resolved}
              onActivate={() => props.selectThread(thread.id)}
            />
          ))}
          {props.pending && <PinMarker number={null} x={props.pending.offsetXPercentage} y={props.pending.offsetYPercentage} />}
          {crosshair.point && <PageCrosshair x={crosshair.point.x} y={crosshair.point.y} />}
        </div>
      )}
      {props.selection && props.canComment && <SelectionButton {...props} selection={props.selection} />}
      {failed && <p class="pdf-page-failed">{words.pageFailed}</p>}
    </div>
  );
}

/** "Comment on selection", just below where the selection ends; the pin goes at its end too (at its start it would hide the first letters). */
function SelectionButton(props: PdfPageProps & { selection: SelectionDraft }) {
  const { rects, highlight } = props.selection;
  const last = rects[rects.length - 1]!;
  return (
    <button
      type="button"
      class="pdf-selection-comment"
      style={{ left: `${Math.min(last.left + last.width, 100)}%`, top: `${Math.min(last.top + last.height, 100)}%` }}
      // Pressing must not take the selection away before the click reads it.
      onPointerDown={(event) => event.preventDefault()}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.stopPropagation();
        props.clearSelection();
        props.startThread(placeAt(props, clampPercent(last.left + last.width), clampPercent(last.top + last.height / 2), highlight));
      }}
    >
      {pdfWords().commentOnSelection}
    </button>
  );
}

function placeAt(props: PdfPageProps, x: number, y: number, textHighlight?: TextHighlight): PdfPlace {
  return {
    kind: 'pdf',
    pageNumber: props.pageNumber,
    ...(props.projectImageId ? { projectImageId: props.projectImageId } : {}),
    offsetXPercentage: x,
    offsetYPercentage: y,
    width: props.width,
    height: props.height,
    ...(textHighlight ? { textHighlight } : {}),
  };
}

interface DrawnHighlight {
  rect: PercentRect;
  threadId: string;
  kind: 'thread' | 'selected' | 'pending';
}

/** The rectangles of this page's highlights (threads' and the composer's), measured once the text layer is drawn. */
function useHighlightRects(
  props: PdfPageProps,
  textRef: { current: HTMLDivElement | null },
  boxRef: { current: HTMLDivElement | null },
  textReady: number,
): DrawnHighlight[] {
  const [drawn, setDrawn] = useState<DrawnHighlight[]>([]);
  const pendingHighlight = props.pending?.textHighlight ?? null;
  useLayoutEffect(() => {
    const layer = textRef.current;
    const box = boxRef.current;
    if (!textReady || !layer || !box) {
      setDrawn([]);
      return;
    }
    const next: DrawnHighlight[] = [];
    for (const thread of props.threads) {
      if (!thread.textHighlight) continue;
      const kind = thread.id === props.selectedThreadId ? 'selected' : 'thread';
      for (const rect of highlightRects(layer, box, thread.textHighlight)) next.push({ rect, threadId: thread.id, kind });
    }
    if (pendingHighlight)
      for (const rect of highlightRects(layer, box, pendingHighlight)) next.push({ rect, threadId: 'pending', kind: 'pending' });
    setDrawn(next);
  }, [textReady, props.threads, props.selectedThreadId, pendingHighlight]);
  return drawn;
}
