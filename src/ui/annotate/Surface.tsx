/**
 * The screenshot being annotated: a <canvas> holding the image plus every shape (the same painter as
 * the flattened result), scaled to fit the space it is given, drawn on with the pointer and fully
 * operable from the keyboard. It is one focusable "application" whose instructions are described
 * to assistive technology; the text field for notes is laid over it.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { drawSelection, drawShapes } from './draw';
import { usePointerGestures } from './pointer';
import { strings } from '../strings';
import { TextField } from './TextField';
import type { Editor } from './use-editor';

const t = strings.annotate;

export interface SurfaceProps {
  editor: Editor;
  image: HTMLCanvasElement;
  /** The id of the element with the keyboard instructions. */
  describedBy: string;
  /** Lets the dialog (Esc) cancel a drag in progress; returns false when there was none. */
  cancelRef: { current: (() => boolean) | null };
}

/** Arrow keys move by this much (CSS px of the screenshot); with Shift, by 1 px. */
const STEP = 10;
const FINE_STEP = 1;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function Surface({ editor, image, describedBy, cancelRef }: SurfaceProps) {
  const stage = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const zoom = useFitZoom(stage, editor.area);

  const gestures = usePointerGestures(editor, zoom, () => {
    surface.current?.focus({ preventScroll: true });
    // A press while a note is being typed only ends that note (the field's blur commits it).
    return editor.text === null;
  });
  cancelRef.current = gestures.cancel;

  // Repaint after every render: a few drawImage calls, far cheaper than a frame.
  useLayoutEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const editing = editor.text?.index ?? null;
    const shapes = editor.visibleShapes().filter((_, i) => i !== editing);
    ctx.clearRect(0, 0, image.width, image.height);
    ctx.drawImage(image, 0, 0);
    drawShapes(ctx, shapes, editor.scale);
    const selected = editor.selected === null ? undefined : shapes[editor.selected];
    if (selected && editing === null) drawSelection(ctx, selected, editor.scale, editor.scale / zoom);
  });

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the note field are the field's.
    if (event.target !== event.currentTarget) return;
    const arrow = ARROWS[event.key];
    if (arrow && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const step = event.shiftKey ? FINE_STEP : STEP;
      if (event.altKey) editor.resizeSelected(arrow[0] * step, arrow[1] * step);
      else editor.moveSelected(arrow[0] * step, arrow[1] * step);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      editor.addDefault();
    } else if (event.key === 'F2') {
      const selected = editor.selected === null ? undefined : editor.shapes()[editor.selected];
      if (selected?.type === 'text') {
        event.preventDefault();
        editor.openText({ x: 0, y: 0 }, editor.selected);
      }
    } else if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Tab walks through the shapes; past the last (or before the first) it leaves the surface.
      if (editor.cycle(event.shiftKey ? -1 : 1)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
  };

  const width = editor.area.width * zoom;
  const height = editor.area.height * zoom;
  return (
    <div ref={stage} class="pm-annotate-stage">
      <div
        ref={surface}
        class="pm-annotate-surface"
        role="application"
        aria-roledescription={t.surfaceRole}
        aria-label={t.surface}
        aria-describedby={describedBy}
        tabIndex={0}
        style={{ width: `${width}px`, height: `${height}px` }}
        onKeyDown={onKeyDown}
      >
        <canvas
          ref={canvas}
          class="pm-annotate-canvas"
          width={image.width}
          height={image.height}
          aria-hidden="true"
          data-tool={editor.tool}
          onPointerDown={gestures.onPointerDown}
          onPointerMove={gestures.onPointerMove}
          onPointerUp={gestures.onPointerUp}
          onPointerCancel={gestures.onPointerCancel}
          onDblClick={gestures.onDblClick}
        />
        {editor.text && (
          <TextField
            key={`${editor.text.index ?? 'new'}:${editor.text.x}:${editor.text.y}`}
            draft={editor.text}
            zoom={zoom}
            onCommit={(value, fromKey) => {
              editor.commitText(value);
              if (fromKey) surface.current?.focus({ preventScroll: true });
            }}
            onCancel={() => {
              editor.cancelText();
              surface.current?.focus({ preventScroll: true });
            }}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Displayed px per CSS px of the screenshot: as large as the stage allows, but never larger than the
 * page looked when it was captured. Follows the stage's size (window resizes, rotation).
 */
function useFitZoom(stage: { current: HTMLElement | null }, area: { width: number; height: number }): number {
  const [zoom, setZoom] = useState(0);
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => {
      const { clientWidth, clientHeight } = element;
      if (!clientWidth || !clientHeight || !area.width || !area.height) return;
      setZoom(Math.min(1, clientWidth / area.width, clientHeight / area.height));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [area.width, area.height]);
  // Before the first measurement: the natural size, clipped by the stage; corrected before paint.
  return zoom || 1;
}
