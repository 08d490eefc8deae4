/**
 * The screenshot annotation editor: a modal dialog over the page where a reviewer boxes, points at,
 * scribbles on, writes on or blacks out parts of the screenshot before posting it. The result is both
 * a flattened copy of the image (what people see) and a description of the shapes (what tools read).
 * Works inside the widget's shadow root: focus is read from the root node, trapped in the dialog
 * and given back to where it was when the editor closes.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CanvasAnnotations } from '../../api/wire';
import css from './annotate.css?inline';
import { trapTab } from '../focus';
import { activeElementOf, hostOf, rootOf, useRootStyles } from './dom';
import { flattenAnnotations } from './draw';
import { COLORS, TOOL_KEYS } from './model';
import { strings } from '../strings';
import { Surface } from './Surface';
import { Toolbar } from './Toolbar';
import { useEditor } from './use-editor';

const t = strings.annotate;

export interface AnnotationEditorProps {
  /** The screenshot; its pixels are CSS px × `scale`. Never modified. */
  image: HTMLCanvasElement;
  /** Image px per CSS px of the captured viewport. */
  scale: number;
  /** Shapes from an earlier session of the editor, to continue from. */
  initial?: CanvasAnnotations;
  /** `canvas`: a new canvas, the image with the shapes burnt in; `annotations`: the shapes in CSS px. */
  onDone(result: { canvas: HTMLCanvasElement; annotations: CanvasAnnotations }): void;
  onCancel(): void;
  /** For the `<style>` fallback where constructable stylesheets are unavailable (strict CSPs). */
  nonce?: string;
  /** A touch-only device (ui/touch.ts): the visible hint names no keys. */
  touchOnly?: boolean;
}

let nextId = 0;

export function AnnotationEditor({ image, scale, initial, onDone, onCancel, nonce, touchOnly = false }: AnnotationEditorProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancelGesture = useRef<(() => boolean) | null>(null);
  const ids = useRef<{ hint: string } | null>(null);
  ids.current ??= { hint: `pm-annotate-hint-${++nextId}` };
  const safeScale = scale > 0 && Number.isFinite(scale) ? scale : 1;
  const editor = useEditor({ imageWidth: image.width, imageHeight: image.height, scale: safeScale, initial: initial?.shapes });
  useRootStyles(dialog, css, nonce);

  // Focus the first tool on open and bring focus that leaves the modal (a script, a click outside)
  // back into it; on close, give focus back to whatever had it when the editor opened.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const root = rootOf(element);
    const previous = activeElementOf(element);
    const focusFirstTool = () => element.querySelector<HTMLElement>('[data-tool]')?.focus({ preventScroll: true });
    focusFirstTool();
    const onFocusIn = (event: Event) => {
      const target = event.composedPath()[0];
      if (target instanceof Node && !element.contains(target)) focusFirstTool();
    };
    root.addEventListener('focusin', onFocusIn);
    return () => {
      // The listener goes first: it would otherwise pull the returning focus back in.
      root.removeEventListener('focusin', onFocusIn);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  const finish = () => {
    const annotations = editor.annotations();
    let canvas: HTMLCanvasElement;
    try {
      canvas = flattenAnnotations(image, annotations);
    } catch {
      // Without a 2D context there is nothing to burn in; the description still travels.
      canvas = image;
    }
    onDone({ canvas, annotations });
  };

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const inField = event.target instanceof HTMLInputElement;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (event.key === 'Tab') {
      trapTab(event, event.currentTarget, hostOf(event.currentTarget));
    } else if (mod && event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (inField) {
      // Everything else typed into the note field is text.
    } else if (mod && !event.altKey && (key === 'y' || (key === 'z' && event.shiftKey))) {
      event.preventDefault();
      editor.redo();
    } else if (mod && !event.altKey && key === 'z') {
      event.preventDefault();
      editor.undo();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (cancelGesture.current?.()) return;
      if (editor.selected !== null) editor.select(null);
      else onCancel();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !mod) {
      event.preventDefault();
      editor.deleteSelected();
    } else if (!mod && !event.altKey && key in TOOL_KEYS) {
      event.preventDefault();
      editor.setTool(TOOL_KEYS[key]!);
    } else if (!mod && !event.altKey && /^[1-4]$/.test(key)) {
      event.preventDefault();
      editor.setColor(COLORS[Number(key) - 1]!.value);
    }
  };

  return (
    <div class="pm-annotate-backdrop">
      <div ref={dialog} class="pm-annotate" role="dialog" aria-modal="true" aria-label={t.dialog} onKeyDown={onKeyDown}>
        <Toolbar editor={editor} onDone={finish} onCancel={onCancel} />
        <Surface editor={editor} image={image} describedBy={ids.current.hint} cancelRef={cancelGesture} />
        <p class="pm-annotate-hint" id={ids.current.hint}>
          <span aria-hidden="true">{touchOnly ? t.touchHint : t.hint}</span>
          <span class="pm-annotate-sr">{t.instructions}</span>
        </p>
        <p class="pm-annotate-sr" aria-live="polite">
          {editor.message}
        </p>
      </div>
    </div>
  );
}
