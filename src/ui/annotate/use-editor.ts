/**
 * The editor's state and every command that changes it, in one hook shared by the toolbar, the
 * drawing surface and the dialog's keyboard shortcuts: a change made by pointer, key or button goes
 * through the same command, lands in the same undo history and is announced the same way.
 */
import { useRef, useState } from 'preact/hooks';
import type { CanvasAnnotations } from '../../api/wire';
import { useShapeHistory } from './history';
import {
  clampMove,
  COLORS,
  DEFAULT_COLOR,
  DEFAULT_TEXT_SIZE,
  defaultShape,
  isMeaningful,
  resizeBy,
  roundShape,
  shapeBounds,
  sizeDetail,
  translate,
  withColor,
  type Point,
  type Shape,
  type Tool,
} from './model';
import { strings } from '../strings';

const t = strings.annotate;

/** Text being typed: a new note at a point, or the edit of an existing one (`index`). */
export interface TextDraft {
  x: number;
  y: number;
  size: number;
  color: string;
  initial: string;
  index: number | null;
}

export interface EditorOptions {
  imageWidth: number;
  imageHeight: number;
  scale: number;
  initial?: readonly Shape[];
}

export type Editor = ReturnType<typeof useEditor>;

export function useEditor({ imageWidth, imageHeight, scale, initial = [] }: EditorOptions) {
  // The screenshot's size in the CSS px the shapes are described in.
  const width = imageWidth / scale;
  const height = imageHeight / scale;
  const history = useShapeHistory(initial);
  const [tool, setToolState] = useState<Tool>('box');
  const [color, setColorState] = useState<string>(DEFAULT_COLOR);
  const [selected, setSelected] = useState<number | null>(null);
  /** Shapes as a pointer gesture would leave them; committed to history when the gesture ends. */
  const [preview, setPreview] = useState<readonly Shape[] | null>(null);
  const [text, setTextState] = useState<TextDraft | null>(null);
  // Mirrored in a ref: Enter and the blur that follows must not both commit the same words.
  const textRef = useRef<TextDraft | null>(null);
  const setText = (draft: TextDraft | null) => {
    textRef.current = draft;
    setTextState(draft);
  };
  const [message, setMessage] = useState('');
  const area = { width, height };

  const shapes = () => history.current().present;
  const selectedShape = (): Shape | null => (selected === null ? null : (shapes()[selected] ?? null));

  const replaceAt = (index: number, shape: Shape) => shapes().map((s, i) => (i === index ? shape : s));

  const removeAt = (index: number) => {
    const shape = shapes()[index];
    if (!shape) return setMessage(t.announce.nothingSelected);
    history.push(shapes().filter((_, i) => i !== index));
    setSelected(null);
    setMessage(t.announce.deleted(shape.type));
  };

  const add = (shape: Shape) => {
    const next = [...shapes(), roundShape(shape)];
    history.push(next);
    setSelected(next.length - 1);
    setMessage(t.announce.added(shape.type));
  };

  const editor = {
    area,
    scale,
    tool,
    color,
    selected,
    preview,
    text,
    message,
    history,
    /** What the canvas shows right now. */
    visibleShapes: (): readonly Shape[] => preview ?? shapes(),
    shapes,
    setTool(next: Tool) {
      setToolState(next);
      setMessage(t.announce.tool(next));
    },
    setColor(next: string) {
      setColorState(next);
      const name = t.colors[COLORS.find((c) => c.value === next)?.name ?? 'red'];
      const shape = selectedShape();
      if (shape && shape.type !== 'hide' && selected !== null) {
        history.push(replaceAt(selected, withColor(shape, next)));
        setMessage(t.announce.recolored(shape.type, name));
      } else {
        setMessage(t.announce.color(name));
      }
    },
    add,
    /** Enter on the surface: the current tool's shape at the centre (text asks for its words first). */
    addDefault() {
      if (tool === 'text') {
        editor.openText({ x: width / 2 - 60, y: height / 2 - DEFAULT_TEXT_SIZE / 2 });
        return;
      }
      add(defaultShape(tool, color, area));
    },
    select(index: number | null) {
      setSelected(index);
      const shape = index === null ? null : shapes()[index];
      setMessage(shape && index !== null ? t.announce.selected(shape.type, index + 1, shapes().length) : t.announce.deselected);
    },
    /** Tab through the shapes; false when the step leaves the list (focus should move on). */
    cycle(direction: 1 | -1): boolean {
      const count = shapes().length;
      const next = selected === null ? (direction === 1 ? 0 : -1) : selected + direction;
      if (selected === null && direction === -1) return false;
      if (next < 0 || next >= count) {
        if (selected !== null) editor.select(null);
        return false;
      }
      editor.select(next);
      return true;
    },
    moveSelected(dx: number, dy: number) {
      const shape = selectedShape();
      if (!shape || selected === null) return setMessage(t.announce.nothingSelected);
      const delta = clampMove(shape, dx, dy, area);
      const moved = roundShape(translate(shape, delta.x, delta.y));
      history.push(replaceAt(selected, moved));
      const b = shapeBounds(moved);
      setMessage(t.announce.moved(shape.type, Math.round(b.x), Math.round(b.y)));
    },
    resizeSelected(dw: number, dh: number) {
      const shape = selectedShape();
      if (!shape || selected === null) return setMessage(t.announce.nothingSelected);
      const resized = roundShape(resizeBy(shape, dw, dh));
      history.push(replaceAt(selected, resized));
      setMessage(t.announce.resized(shape.type, sizeDetail(resized)));
    },
    deleteSelected() {
      if (selected === null) return setMessage(t.announce.nothingSelected);
      removeAt(selected);
    },
    undo() {
      setSelected(null);
      setPreview(null);
      setMessage(history.undo() ? t.announce.undone : t.announce.nothingToUndo);
    },
    redo() {
      setSelected(null);
      setPreview(null);
      setMessage(history.redo() ? t.announce.redone : t.announce.nothingToRedo);
    },
    setPreview,
    /** Ends a pointer gesture: keeps `next` as one undo step (or nothing, for a click). */
    commitGesture(next: readonly Shape[], select: number | null, announcement: string) {
      setPreview(null);
      if (next !== shapes()) history.push(next.map((s, i) => (s === shapes()[i] ? s : roundShape(s))));
      setSelected(select);
      setMessage(announcement);
    },
    openText(at: Point, index: number | null = null) {
      const existing = index === null ? null : shapes()[index];
      if (existing?.type === 'text') {
        setText({ x: existing.x, y: existing.y, size: existing.size, color: existing.color, initial: existing.text, index });
      } else {
        const x = Math.min(Math.max(0, at.x), Math.max(0, width - 40));
        const y = Math.min(Math.max(0, at.y), Math.max(0, height - DEFAULT_TEXT_SIZE * 1.25));
        setText({ x, y, size: DEFAULT_TEXT_SIZE, color, initial: '', index: null });
      }
      setSelected(index);
      setMessage(t.announce.typeText);
    },
    /** Enter (or leaving the field): typed words are never silently dropped. */
    commitText(value: string) {
      const draft = textRef.current;
      if (!draft) return;
      setText(null);
      const words = value.trim();
      if (draft.index === null) {
        if (words) add({ type: 'text', x: draft.x, y: draft.y, size: draft.size, color: draft.color, text: words });
        return;
      }
      const shape = shapes()[draft.index];
      if (shape?.type !== 'text' || shape.text === words) return;
      if (!words) return removeAt(draft.index);
      history.push(replaceAt(draft.index, { ...shape, text: words }));
      setMessage(t.announce.textChanged);
    },
    cancelText() {
      setText(null);
    },
    /** The description for onDone: in CSS px, with what it takes to map it back onto the image. */
    annotations(): CanvasAnnotations {
      return { version: '1', scale, originalWidth: imageWidth, originalHeight: imageHeight, shapes: shapes().filter(isMeaningful) };
    },
  };
  return editor;
}
