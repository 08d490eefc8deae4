/**
 * Shared helpers for the screenshot engine's browser tests: building pages, reading pixels of a
 * capture, and what Chromium itself paints for a CSS colour (the reference the captures must match).
 */
import { expect } from 'vitest';
import { cdp } from 'vitest/browser';

export type Rgba = [number, number, number, number];

/** Replaces the test page's body and scroll position; returns a cleanup. */
export function setPage(html: string, css = ''): () => void {
  const style = document.createElement('style');
  style.textContent = `html, body { margin: 0; padding: 0; } ${css}`;
  document.head.append(style);
  document.body.innerHTML = html;
  window.scrollTo(0, 0);
  return () => {
    style.remove();
    document.body.innerHTML = '';
    window.scrollTo(0, 0);
  };
}

/** The pixel at device-pixel coordinates of a canvas. */
export function pixel(canvas: HTMLCanvasElement, x: number, y: number): Rgba {
  const data = canvas.getContext('2d')!.getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [data[0]!, data[1]!, data[2]!, data[3]!];
}

/** What Chromium paints for a CSS colour on an (opaque white) canvas. */
export function painted(color: string): Rgba {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1, 1);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  return pixel(canvas, 0, 0);
}

export function expectColor(actual: Rgba, expected: Rgba | string, tolerance = 3, what = ''): void {
  const want = typeof expected === 'string' ? painted(expected) : expected;
  const worst = Math.max(...want.map((channel, i) => Math.abs(channel - actual[i]!)));
  expect(worst, `${what} ${JSON.stringify(actual)} vs ${JSON.stringify(want)}`).toBeLessThanOrEqual(tolerance);
}

/** Emulates a device pixel ratio for the whole browser page (and so the test iframe). */
export async function withDevicePixelRatio<T>(ratio: number, run: () => Promise<T>): Promise<T> {
  await cdp().send('Emulation.setDeviceMetricsOverride', { width: 0, height: 0, deviceScaleFactor: ratio, mobile: false });
  try {
    return await run();
  } finally {
    await cdp().send('Emulation.clearDeviceMetricsOverride');
  }
}

/** Distinct, easily told apart opaque colours. */
export function bandColor(index: number): string {
  return `hsl(${(index * 47) % 360}, 80%, ${35 + (index % 3) * 15}%)`;
}

/**
 * What Chromium itself paints for an element, at device pixels, with its top-left corner at the
 * element's viewport position (place test elements at whole CSS pixels). Taken through CDP, so an
 * emulated device pixel ratio (withDevicePixelRatio) stays in force.
 */
export async function chromiumPaint(element: Element): Promise<HTMLCanvasElement> {
  const frame = window.frameElement?.getBoundingClientRect() ?? { left: 0, top: 0 };
  const box = element.getBoundingClientRect();
  const clip = { x: frame.left + box.left, y: frame.top + box.top, width: box.width, height: box.height, scale: 1 };
  const { data } = (await cdp().send('Page.captureScreenshot', { format: 'png', clip })) as { data: string };
  const image = new Image();
  image.src = `data:image/png;base64,${data}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  canvas.getContext('2d')!.drawImage(image, 0, 0);
  return canvas;
}

/** Mean darkness (0–255) of each pixel row of a region: where text ink is. */
export function inkRows(canvas: HTMLCanvasElement, x: number, y: number, width: number, height: number): number[] {
  const data = canvas.getContext('2d')!.getImageData(x, y, width, height).data;
  const rows: number[] = [];
  for (let row = 0; row < height; row++) {
    let dark = 0;
    for (let i = row * width * 4; i < (row + 1) * width * 4; i += 4) dark += 255 - (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    rows.push(Math.round(dark / width));
  }
  return rows;
}

/** Mean absolute difference per RGB channel (0–255) of two canvases over a CSS-pixel region. */
export function meanDifference(
  a: HTMLCanvasElement,
  b: HTMLCanvasElement,
  box: { left: number; top: number; width: number; height: number },
): number {
  const read = (canvas: HTMLCanvasElement) =>
    canvas.getContext('2d')!.getImageData(Math.round(box.left), Math.round(box.top), Math.round(box.width), Math.round(box.height)).data;
  const [one, two] = [read(a), read(b)];
  let sum = 0;
  for (let i = 0; i < one.length; i += 4) for (let c = 0; c < 3; c++) sum += Math.abs(one[i + c]! - two[i + c]!);
  return sum / ((one.length / 4) * 3);
}
