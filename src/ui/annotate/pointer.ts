/**
 * Pointer gestures on the screenshot (mouse, pen and touch alike, via Pointer Events and pointer
 * capture): press on a selected shape's handle to resize it, on a shape to select and move it,
 * elsewhere to draw with the current tool. The gesture is a preview until the pointer is released,
 * so one drag is one undo step and a cancelled drag leaves nothing behind.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import {
  clampMove,
  dragHandle,
  handleAt,
  hitTest,
  isMeaningful,
  rectBetween,
  shapeBounds,
  sizeDetail,
  translate,
  type HandleId,
  type Point,
  type Shape,
} from './model';
import { strings } from '../strings';
import type { Editor } from './use-editor';

const t = strings.annotate;

type Gesture =
  | { kind: 'draw'; pointerId: number; start: Point; shape: Shape }
  | { kind: 'move'; pointerId: number; index: number; start: Point; original: Shape; preview: readonly Shape[] | null }
  | { kind: 'resize'; pointerId: number; index: number; handle: HandleId; original: Shape; preview: readonly Shape[] | null }
  | { kind: 'text'; pointerId: number; start: Point };

type PointerHandler = (event: JSX.TargetedPointerEvent<HTMLCanvasElement>) => void;

export interface PointerHandlers {
  onPointerDown: PointerHandler;
  onPointerMove: PointerHandler;
  onPointerUp: PointerHandler;
  onPointerCancel: PointerHandler;
  onDblClick(event: JSX.TargetedMouseEvent<HTMLCanvasElement>): void;
  /** Esc during a drag: drops the preview. False when no gesture was under way. */
  cancel(): boolean;
}

/** How close (displayed px) a press must be to a line or handle to grab it: finger-friendly. */
const GRAB_PX = 10;

/**
 * `zoom` is displayed px per CSS px of the screenshot; `beforePress` runs first on every press
 * (the surface takes focus there) and returns false to stop the press becoming a gesture.
 */
export function usePointerGestures(editor: Editor, zoom: number, beforePress: () => boolean): PointerHandlers {
  const gesture = useRef<Gesture | null>(null);
  const { area } = editor;

  const toPoint = (event: { clientX: number; clientY: number; currentTarget: HTMLCanvasElement }): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = rect.width > 0 ? ((event.clientX - rect.left) / rect.width) * area.width : 0;
    const y = rect.height > 0 ? ((event.clientY - rect.top) / rect.height) * area.height : 0;
    return { x: clamp(x, 0, area.width), y: clamp(y, 0, area.height) };
  };
  const tolerance = GRAB_PX / zoom;

  const begin = (point: Point, pointerId: number): Gesture => {
    const shapes = editor.shapes();
    const selected = editor.selected === null ? undefined : shapes[editor.selected];
    const handle = selected && editor.selected !== null ? handleAt(selected, point, tolerance) : null;
    if (selected && handle && editor.selected !== null) {
      return { kind: 'resize', pointerId, index: editor.selected, handle, original: selected, preview: null };
    }
    const hit = hitTest(shapes, point, tolerance);
    if (hit >= 0) {
      if (hit !== editor.selected) editor.select(hit);
      return { kind: 'move', pointerId, index: hit, start: point, original: shapes[hit]!, preview: null };
    }
    if (editor.selected !== null) editor.select(null);
    if (editor.tool === 'text') return { kind: 'text', pointerId, start: point };
    return { kind: 'draw', pointerId, start: point, shape: startShape(editor.tool, point, editor.color) };
  };

  const update = (current: Gesture, point: Point): Gesture => {
    const shapes = editor.shapes();
    switch (current.kind) {
      case 'draw': {
        const shape = extend(current.shape, current.start, point, tolerance / 4);
        editor.setPreview([...shapes, shape]);
        return { ...current, shape };
      }
      case 'move': {
        const delta = clampMove(current.original, point.x - current.start.x, point.y - current.start.y, area);
        if (delta.x === 0 && delta.y === 0 && !current.preview) return current;
        const preview = shapes.map((s, i) => (i === current.index ? translate(current.original, delta.x, delta.y) : s));
        editor.setPreview(preview);
        return { ...current, preview };
      }
      case 'resize': {
        const preview = shapes.map((s, i) => (i === current.index ? dragHandle(current.original, current.handle, point) : s));
        editor.setPreview(preview);
        return { ...current, preview };
      }
      case 'text':
        return current;
    }
  };

  const finish = (current: Gesture) => {
    const shapes = editor.shapes();
    switch (current.kind) {
      case 'draw':
        if (isMeaningful(current.shape))
          editor.commitGesture([...shapes, current.shape], shapes.length, t.announce.added(current.shape.type));
        else editor.setPreview(null);
        return;
      case 'move':
      case 'resize': {
        const changed = current.preview?.[current.index];
        if (!current.preview || !changed || !isMeaningful(changed)) return editor.setPreview(null);
        const announcement =
          current.kind === 'move'
            ? t.announce.moved(changed.type, Math.round(shapeBounds(changed).x), Math.round(shapeBounds(changed).y))
            : t.announce.resized(changed.type, sizeDetail(changed));
        editor.commitGesture(current.preview, current.index, announcement);
        return;
      }
      case 'text':
        editor.openText(current.start);
        return;
    }
  };

  const release = (event: JSX.TargetedPointerEvent<HTMLCanvasElement>) => {
    try {
      if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    } catch {
      /* the pointer is gone already */
    }
  };

  return {
    onPointerDown(event) {
      if (gesture.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      if (!beforePress()) return;
      gesture.current = begin(toPoint(event), event.pointerId);
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic or already-lifted pointers cannot be captured; moves over the canvas still arrive.
      }
    },
    onPointerMove(event) {
      const current = gesture.current;
      if (!current) {
        const over = hitTest(editor.shapes(), toPoint(event), tolerance) >= 0;
        event.currentTarget.style.cursor = over ? 'move' : editor.tool === 'text' ? 'text' : '';
        return;
      }
      if (current.pointerId !== event.pointerId) return;
      gesture.current = update(current, toPoint(event));
    },
    onPointerUp(event) {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      gesture.current = update(current, toPoint(event));
      release(event);
      finish(gesture.current);
      gesture.current = null;
    },
    onPointerCancel(event) {
      if (gesture.current?.pointerId !== event.pointerId) return;
      gesture.current = null;
      editor.setPreview(null);
    },
    onDblClick(event) {
      const index = hitTest(editor.shapes(), toPoint(event), tolerance);
      if (index >= 0 && editor.shapes()[index]?.type === 'text') editor.openText({ x: 0, y: 0 }, index);
    },
    cancel() {
      if (!gesture.current) return false;
      gesture.current = null;
      editor.setPreview(null);
      return true;
    },
  };
}

function startShape(tool: Exclude<Shape['type'], 'text'>, p: Point, color: string): Shape {
  switch (tool) {
    case 'box':
      return { type: 'box', x: p.x, y: p.y, width: 0, height: 0, color };
    case 'hide':
      return { type: 'hide', x: p.x, y: p.y, width: 0, height: 0 };
    case 'arrow':
      return { type: 'arrow', x1: p.x, y1: p.y, x2: p.x, y2: p.y, color };
    case 'pen':
      return { type: 'pen', points: [[p.x, p.y]], color };
  }
}

/** The shape being drawn, stretched to `p`. Pen points closer than `minStep` are skipped. */
function extend(shape: Shape, start: Point, p: Point, minStep: number): Shape {
  switch (shape.type) {
    case 'box':
    case 'hide':
      return { ...shape, ...rectBetween(start, p) };
    case 'arrow':
      return { ...shape, x2: p.x, y2: p.y };
    case 'pen': {
      const last = shape.points[shape.points.length - 1];
      if (last && Math.hypot(p.x - last[0], p.y - last[1]) < minStep) return shape;
      return { ...shape, points: [...shape.points, [p.x, p.y]] };
    }
    case 'text':
      return shape;
  }
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
