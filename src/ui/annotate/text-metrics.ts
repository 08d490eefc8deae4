/**
 * One font for annotation text, shared by drawing and by hit testing: the box a reviewer clicks to
 * select a text must be the box the text is drawn in, on screen and in the flattened screenshot.
 */

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function textFont(sizePx: number): string {
  return `600 ${sizePx}px ${FONT_FAMILY}`;
}

let measuring: CanvasRenderingContext2D | null = null;

/** Width of `text` in CSS px at font size `size` (a rough estimate where canvas is unavailable). */
export function measureText(text: string, size: number): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * size * 0.6;
  measuring.font = textFont(size);
  return measuring.measureText(text).width;
}
