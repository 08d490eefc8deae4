/**
 * Opt-in pixel-perfect screenshots through the browser's own tab capture (getDisplayMedia): exactly
 * what the reviewer sees — canvases, video, cross-origin iframes, fonts — at the cost of a permission
 * prompt. One frame is taken and every track stopped at once; the widget's UI is hidden only for
 * that frame; the same privacy masks and pin marker as the html2canvas path are painted on top.
 *
 * The tab's frame covers the top-level viewport; when the widget runs in a same-origin iframe its
 * viewport is cut out of it (a cross-origin parent makes the mapping unknowable: `unsupported`).
 * The permission prompt is not subject to `timeoutMs` (people read prompts); `signal` still cancels.
 */
import { finishCapture } from './finish';
import { createGuard, type Guard } from './guard';
import { collectPrivateRects, excluder, privateSelectorList, type MaskRect } from './mask';
import { CaptureError, toCaptureError, type CaptureOptions, type CaptureResult } from './types';
import { context2d, createCanvas, readViewport, type Viewport } from './viewport';

/** Our viewport inside the captured tab's top-level viewport (top-level CSS px). */
interface Placement {
  x: number;
  y: number;
  zoom: number;
  top: Window;
}

/** How long to wait for a frame painted after the widget was hidden before using the latest one. */
const FRESH_FRAME_MS = 500;

export async function captureDisplayMedia(options: Omit<CaptureOptions, 'doc'> = {}): Promise<CaptureResult> {
  const started = performance.now();
  let stream: MediaStream | undefined;
  let video: HTMLVideoElement | undefined;
  let guard: Guard | undefined;
  try {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media || typeof media.getDisplayMedia !== 'function') {
      throw new CaptureError('unsupported', 'This browser cannot capture the tab.');
    }
    // Checked before the prompt (a cross-origin parent makes the mapping unknowable), measured again
    // at the grab in case the frame moved meanwhile.
    if (!tabPlacement(window)) throw new CaptureError('unsupported', 'Tab capture is unavailable inside a cross-origin frame.');
    const selectors = privateSelectorList(document, options.privateSelectors);
    const isExcluded = excluder(options.exclude);
    if (options.signal?.aborted) throw new CaptureError('cancelled', 'The screenshot was cancelled.');
    notify(options, 'loading');

    stream = await requestTabStream(media, options.signal);
    guard = createGuard(options);
    guard.progress('rendering');
    video = await guard.race(playStream(stream));
    const widget = hideWidget(document, options.exclude);
    let viewport: Viewport;
    let masks: MaskRect[];
    let canvas: HTMLCanvasElement;
    try {
      await guard.race(nextPaint(window));
      const hiddenAt = performance.now();
      viewport = readViewport(document, options.maxScale);
      masks = collectPrivateRects(document, selectors, viewport, isExcluded);
      await guard.race(frameAfter(video, hiddenAt));
      const after = readViewport(document, options.maxScale);
      const placement = tabPlacement(window);
      if (!placement) throw new CaptureError('unsupported', 'Tab capture is unavailable inside a cross-origin frame.');
      if (after.scrollX !== viewport.scrollX || after.scrollY !== viewport.scrollY) {
        throw new CaptureError('masking_failed', 'The page scrolled during the capture; the masks may be off.');
      }
      // Anything that moved between measuring and the frame is covered at both places.
      masks = uniqueRects(masks.concat(collectPrivateRects(document, selectors, after, isExcluded)));
      checkSurface(stream, video, placement.top);
      guard.check();
      // Drawn before the widget comes back, so no later frame showing it can slip in.
      canvas = createCanvas(document, viewport);
      drawViewport(canvas, video, viewport, placement);
    } finally {
      widget.restore();
    }
    stopStream(stream);
    return await finishCapture({ canvas, viewport, masks, options, guard, started });
  } catch (error) {
    throw toCaptureError(error);
  } finally {
    if (stream) stopStream(stream);
    if (video) video.srcObject = null;
    guard?.dispose();
  }
}

function requestTabStream(media: MediaDevices, signal: AbortSignal | undefined): Promise<MediaStream> {
  // preferCurrentTab / selfBrowserSurface are Chromium extensions not yet in TypeScript's DOM types.
  const constraints = {
    video: { displaySurface: 'browser' },
    audio: false,
    preferCurrentTab: true,
    selfBrowserSurface: 'include',
  } as DisplayMediaStreamOptions;
  return new Promise<MediaStream>((resolve, reject) => {
    const onAbort = (): void => reject(new CaptureError('cancelled', 'The screenshot was cancelled.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => signal?.removeEventListener('abort', onAbort);
    let request: Promise<MediaStream>;
    try {
      request = media.getDisplayMedia(constraints);
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      (stream) => {
        settle();
        // The prompt cannot be withdrawn: a stream granted after cancelling is stopped unused.
        if (signal?.aborted) stopStream(stream);
        else resolve(stream);
      },
      (error: unknown) => {
        settle();
        reject(mediaError(error));
      },
    );
  });
}

function mediaError(error: unknown): CaptureError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new CaptureError('cancelled', 'Screen capture was not allowed.', { cause: error });
  }
  if (name === 'NotSupportedError' || name === 'NotFoundError' || name === 'TypeError') {
    return new CaptureError('unsupported', 'This browser cannot capture the tab.', { cause: error });
  }
  return toCaptureError(error);
}

async function playStream(stream: MediaStream): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  if (!video.videoWidth) {
    await new Promise<void>((resolve) => video.addEventListener('loadeddata', () => resolve(), { once: true }));
  }
  return video;
}

/**
 * Hides the widget for the grab. Opacity as well as visibility: pins inside the shadow root set
 * `visibility: visible` themselves, which a hidden host cannot override. The style attribute is
 * restored exactly as it was (including its absence).
 */
function hideWidget(doc: Document, exclude: readonly Element[] | undefined): { restore(): void } {
  const targets = new Set<Element>([...(exclude ?? []), ...doc.querySelectorAll('pinmark-root')]);
  const saved = [...targets].map((element) => [element, element.getAttribute('style')] as const);
  for (const [element] of saved) {
    const style = (element as HTMLElement).style;
    style?.setProperty('visibility', 'hidden', 'important');
    style?.setProperty('opacity', '0', 'important');
  }
  return {
    restore() {
      for (const [element, style] of saved) {
        // Chromium writes inline style changes to the attribute lazily; setting it first makes the
        // removal stick instead of leaving an empty style="".
        element.setAttribute('style', style ?? '');
        if (style === null) element.removeAttribute('style');
      }
    },
  };
}

/** Two animation frames: the hidden widget has been painted (and so can reach the capturer). */
function nextPaint(win: Window): Promise<void> {
  return new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())));
}

/** Waits for a video frame captured after `time`, or settles for the latest after a short while. */
function frameAfter(video: HTMLVideoElement, time: number): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRESH_FRAME_MS);
    if (typeof video.requestVideoFrameCallback !== 'function') return;
    const wait = (): void => {
      video.requestVideoFrameCallback((now, frame) => {
        if ((frame.captureTime ?? frame.presentationTime ?? now) >= time) {
          clearTimeout(fallback);
          resolve();
        } else {
          wait();
        }
      });
    };
    wait();
  });
}

/** Rejects frames that cannot be this tab (a window or screen was shared, or another-sized surface). */
function checkSurface(stream: MediaStream, video: HTMLVideoElement, top: Window): void {
  const surface = stream.getVideoTracks()[0]?.getSettings().displaySurface;
  const frameRatio = video.videoWidth / video.videoHeight;
  const tabRatio = top.innerWidth / top.innerHeight;
  if ((surface && surface !== 'browser') || !(Math.abs(frameRatio / tabRatio - 1) < 0.08)) {
    throw new CaptureError('failed', 'The shared screen is not this tab; please share this tab.');
  }
}

function drawViewport(canvas: HTMLCanvasElement, video: HTMLVideoElement, viewport: Viewport, at: Placement): void {
  const perCssX = video.videoWidth / at.top.innerWidth;
  const perCssY = video.videoHeight / at.top.innerHeight;
  const ctx = context2d(canvas);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(
    video,
    at.x * perCssX,
    at.y * perCssY,
    viewport.cssWidth * at.zoom * perCssX,
    viewport.cssHeight * at.zoom * perCssY,
    0,
    0,
    canvas.width,
    canvas.height,
  );
}

/** Where this window's viewport sits in the top-level one, through same-origin frames only. */
function tabPlacement(win: Window): Placement | null {
  let x = 0;
  let y = 0;
  let zoom = 1;
  let current = win;
  while (current !== current.parent) {
    let frame: Element | null;
    try {
      frame = current.frameElement;
    } catch {
      return null;
    }
    if (!frame) return null;
    const box = frame.getBoundingClientRect();
    const width = (frame as HTMLElement).offsetWidth;
    // A scaled iframe (CSS transform) scales its whole viewport.
    const scale = width > 0 ? box.width / width : 1;
    const style = current.parent.getComputedStyle(frame);
    const insetX = (parseFloat(style.borderLeftWidth) || 0) + (parseFloat(style.paddingLeft) || 0);
    const insetY = (parseFloat(style.borderTopWidth) || 0) + (parseFloat(style.paddingTop) || 0);
    x = box.left + (insetX + x) * scale;
    y = box.top + (insetY + y) * scale;
    zoom *= scale;
    current = current.parent;
  }
  return { x, y, zoom, top: current };
}

function uniqueRects(rects: MaskRect[]): MaskRect[] {
  const seen = new Set<string>();
  return rects.filter((rect) => {
    const key = `${rect.x},${rect.y},${rect.width},${rect.height}`;
    return !seen.has(key) && !!seen.add(key);
  });
}

function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function notify(options: CaptureOptions, phase: 'loading'): void {
  try {
    options.onProgress?.(phase);
  } catch {
    // A host callback that throws must not break the capture.
  }
}
