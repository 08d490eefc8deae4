/**
 * The opt-in tab-capture path. Real getDisplayMedia needs a person (or Chromium flags) to accept the
 * prompt, so the browser's answer is stood in for by a canvas stream painted like the tab would be:
 * what is tested is everything of ours — cutting this viewport out of the tab's frame, hiding the
 * widget for the grab and restoring it exactly, stopping the tracks, masks and pin, and the errors.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CaptureError, captureDisplayMedia } from './index';
import { MASK_COLOR } from './mask';
import { PIN_COLOR } from './marker';
import { expectColor, pixel, setPage } from './test-kit';

let cleanup = (): void => {};
let restoreMedia = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => {
  restoreMedia();
  cleanup();
});

function stubMediaDevices(value: unknown): void {
  Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true });
  restoreMedia = () => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    restoreMedia = () => {};
  };
}

/** This test window's viewport inside the top-level one, as the real tab frame would show it. */
function placementInTop(): { x: number; y: number; zoom: number } {
  const frame = window.frameElement as HTMLElement;
  const box = frame.getBoundingClientRect();
  const zoom = box.width / frame.offsetWidth;
  const style = window.parent.getComputedStyle(frame);
  return {
    x: box.left + (parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)) * zoom,
    y: box.top + (parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop)) * zoom,
    zoom,
  };
}

/**
 * A fake tab: the whole top viewport blue, this window's viewport green with a red square at
 * (100, 100)–(140, 140) CSS px; repainted every frame while noting whether the widget was visible.
 */
function fakeTabStream(widget: Element, aspect = 1): { stream: MediaStream; sawHidden: () => boolean; stop: () => void } {
  const top = window.top!;
  const canvas = document.createElement('canvas');
  canvas.width = top.innerWidth;
  canvas.height = Math.round(top.innerHeight * aspect);
  const ctx = canvas.getContext('2d')!;
  const at = placementInTop();
  let hidden = false;
  let running = true;
  const paint = (): void => {
    if (!running) return;
    hidden ||= getComputedStyle(widget).visibility === 'hidden' && getComputedStyle(widget).opacity === '0';
    ctx.fillStyle = 'rgb(0, 0, 255)';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = 'rgb(0, 200, 0)';
    ctx.fillRect(at.x, at.y, 800 * at.zoom, 600 * at.zoom);
    ctx.fillStyle = 'rgb(255, 0, 0)';
    ctx.fillRect(at.x + 100 * at.zoom, at.y + 100 * at.zoom, 40 * at.zoom, 40 * at.zoom);
    requestAnimationFrame(paint);
  };
  paint();
  return { stream: canvas.captureStream(30), sawHidden: () => hidden, stop: () => (running = false) };
}

describe('captureDisplayMedia', () => {
  test('unsupported without getDisplayMedia', async () => {
    stubMediaDevices(undefined);
    const error = await captureDisplayMedia().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).code).toBe('unsupported');
    stubMediaDevices({});
    expect(((await captureDisplayMedia().catch((e: unknown) => e)) as CaptureError).code).toBe('unsupported');
  });

  test('a declined prompt is cancelled; an impossible request unsupported', async () => {
    stubMediaDevices({ getDisplayMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) });
    expect(((await captureDisplayMedia().catch((e: unknown) => e)) as CaptureError).code).toBe('cancelled');
    stubMediaDevices({ getDisplayMedia: () => Promise.reject(new DOMException('nope', 'NotSupportedError')) });
    expect(((await captureDisplayMedia().catch((e: unknown) => e)) as CaptureError).code).toBe('unsupported');
  });

  test('cancelling while the prompt is open rejects at once and stops a stream granted later', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    stubMediaDevices({ getDisplayMedia: () => new Promise<MediaStream>((resolve) => (grant = resolve)) });
    const controller = new AbortController();
    const capture = captureDisplayMedia({ signal: controller.signal });
    controller.abort();
    expect(((await capture.catch((e: unknown) => e)) as CaptureError).code).toBe('cancelled');
    const late = document.createElement('canvas').captureStream();
    grant(late);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
  });

  test('one frame: this viewport cut out of the tab, widget hidden during the grab and restored, masks and pin', async () => {
    cleanup = setPage(`
      <input id="password" type="password" value="hunter2-secret" style="position:absolute;left:300px;top:300px;width:200px;height:40px">
      <pinmark-root id="widget" style="position: fixed; right: 0px"></pinmark-root>`);
    const widget = document.getElementById('widget')!;
    const styleBefore = widget.getAttribute('style');
    const fake = fakeTabStream(widget);
    stubMediaDevices({ getDisplayMedia: () => Promise.resolve(fake.stream) });
    const phases: string[] = [];
    try {
      const result = await captureDisplayMedia({ pin: { clientX: 600, clientY: 450 }, onProgress: (p) => phases.push(p) });
      const { canvas, scale } = result;
      expect([canvas.width, canvas.height]).toEqual([Math.round(800 * scale), Math.round(600 * scale)]);
      expectColor(pixel(canvas, 3 * scale, 3 * scale), [0, 200, 0, 255], 12, 'viewport corner (not the blue tab around it)');
      expectColor(pixel(canvas, (800 - 3) * scale, (600 - 3) * scale), [0, 200, 0, 255], 12, 'opposite corner');
      expectColor(pixel(canvas, 120 * scale, 120 * scale), [255, 0, 0, 255], 12, 'red square at (100, 100)');
      expectColor(pixel(canvas, 400 * scale, 320 * scale), MASK_COLOR, 0, 'password box');
      expectColor(pixel(canvas, 600 * scale, 450 * scale), PIN_COLOR, 3, 'pin');
      expect(result.maskedCount).toBe(1);
      expect(phases).toEqual(['loading', 'rendering', 'masking']);
      expect(fake.sawHidden(), 'the widget was hidden while the frame was taken').toBe(true);
      expect(widget.getAttribute('style')).toBe(styleBefore);
      expect(fake.stream.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    } finally {
      fake.stop();
    }
  });

  test('a shared surface that cannot be this tab is refused (and the tracks stopped)', async () => {
    cleanup = setPage('<pinmark-root></pinmark-root>');
    const fake = fakeTabStream(document.querySelector('pinmark-root')!, 0.5);
    stubMediaDevices({ getDisplayMedia: () => Promise.resolve(fake.stream) });
    try {
      const error = await captureDisplayMedia().catch((e: unknown) => e);
      expect((error as CaptureError).code).toBe('failed');
      expect(document.querySelector('pinmark-root')!.getAttribute('style')).toBe(null);
      expect(fake.stream.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    } finally {
      fake.stop();
    }
  });
});
