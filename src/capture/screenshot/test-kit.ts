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
