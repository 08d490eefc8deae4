/** Test-only helpers for the annotation editor: a recognisable screenshot, pixel reading, a mounted editor. */
import { h, render } from 'preact';
import type { CanvasAnnotations } from '../../api/wire';
import { AnnotationEditor, type AnnotationEditorProps } from './AnnotationEditor';

/** A white screenshot `width`×`height` CSS px at `scale`, with a light grey grid so "unchanged" is checkable. */
export function makeScreenshot(width: number, height: number, scale = 1): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#dddddd';
  for (let x = 0; x < canvas.width; x += 50 * scale) ctx.fillRect(x, 0, scale, canvas.height);
  return canvas;
}

export type Rgba = [number, number, number, number];

export function pixel(canvas: HTMLCanvasElement, x: number, y: number): Rgba {
  const data = canvas.getContext('2d')!.getImageData(Math.floor(x), Math.floor(y), 1, 1).data;
  return [data[0]!, data[1]!, data[2]!, data[3]!];
}

export function hex(color: string): Rgba {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/** Whether any pixel in the rectangle (image px) is close to `color`. */
export function regionHas(
  canvas: HTMLCanvasElement,
  rect: { x: number; y: number; width: number; height: number },
  color: string,
  tolerance = 40,
): boolean {
  const [r, g, b] = hex(color);
  const data = canvas.getContext('2d')!.getImageData(rect.x, rect.y, rect.width, rect.height).data;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) <= tolerance) return true;
  }
  return false;
}

/** Whether every pixel in the rectangle (image px) is exactly `color`. */
export function regionIs(canvas: HTMLCanvasElement, rect: { x: number; y: number; width: number; height: number }, color: string): boolean {
  const [r, g, b] = hex(color);
  const data = canvas.getContext('2d')!.getImageData(rect.x, rect.y, rect.width, rect.height).data;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b || data[i + 3] !== 255) return false;
  }
  return true;
}

/** The editor rendered into an open shadow root, like the widget's, with its callbacks recorded. */
export interface EditorRig {
  root: ShadowRoot;
  done: Array<{ canvas: HTMLCanvasElement; annotations: CanvasAnnotations }>;
  cancelled: number;
  canvas(): HTMLCanvasElement;
  surface(): HTMLElement;
  active(): Element | null;
  /** Dispatches a pointer event at (x, y) in CSS px of the screenshot. */
  pointer(type: 'pointerdown' | 'pointermove' | 'pointerup', x: number, y: number): void;
  /** Press, move in steps, release: a drag from one screenshot point to another. */
  drag(from: [number, number], to: [number, number]): Promise<void>;
  /** Unrenders the editor, leaving the shadow root in place. */
  close(): void;
  unmount(): void;
}

export async function mountEditor(
  props: Partial<AnnotationEditorProps> & { image: HTMLCanvasElement; scale: number },
  /** Something in the same root that has focus when the editor opens (the button that opened it). */
  opener?: HTMLElement,
): Promise<EditorRig> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  if (opener) {
    root.append(opener);
    opener.focus();
  }
  root.append(container);
  const rig: EditorRig = {
    root,
    done: [],
    cancelled: 0,
    canvas: () => root.querySelector<HTMLCanvasElement>('.pm-annotate-canvas')!,
    surface: () => root.querySelector<HTMLElement>('[role="application"]')!,
    active: () => root.activeElement,
    pointer(type, x, y) {
      const canvas = rig.canvas();
      const rect = canvas.getBoundingClientRect();
      const cssWidth = props.image.width / props.scale;
      const cssHeight = props.image.height / props.scale;
      canvas.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          cancelable: true,
          pointerId: 9,
          pointerType: 'mouse',
          isPrimary: true,
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          clientX: rect.left + (x / cssWidth) * rect.width,
          clientY: rect.top + (y / cssHeight) * rect.height,
        }),
      );
    },
    async drag(from, to) {
      rig.pointer('pointerdown', from[0], from[1]);
      for (let i = 1; i <= 4; i++) {
        rig.pointer('pointermove', from[0] + ((to[0] - from[0]) * i) / 4, from[1] + ((to[1] - from[1]) * i) / 4);
        await Promise.resolve();
      }
      rig.pointer('pointerup', to[0], to[1]);
      await settle();
    },
    close() {
      render(null, container);
    },
    unmount() {
      render(null, container);
      host.remove();
    },
  };
  render(
    h(AnnotationEditor, {
      onDone: (result) => void rig.done.push(result),
      onCancel: () => void rig.cancelled++,
      ...props,
    }),
    container,
  );
  await settle();
  return rig;
}

/** Lets Preact render and the browser lay out and paint (two animation frames). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}
