/**
 * The screenshot of a new comment, from capture to storage. Capture starts as soon as a pin is
 * placed (what the reviewer saw when they clicked), runs beside the composer with visible progress,
 * can be cancelled, retaken, removed or annotated, and never holds up posting: after the thread is
 * created its screenshot is uploaded through the outbox (waiting for a capture still running; kept
 * in IndexedDB through failures and reloads), and a failure there leaves the comment posted and
 * tells the reviewer, with a retry.
 */
import type { CanvasAnnotations } from '../../api/wire';
import type { ListenerCollection } from '../../util/listener-collection';
import { toWidgetError, widgetError } from '../model/errors';
import { screenshotting } from './lazy-parts';
import type { Sending } from '../services/sending';
import type { ScreenshotConfig } from '../model/config';
import type { WidgetError } from '../model/shapes';
import type { Store } from '../model/store';
import type { ScreenshotUpload } from '../services/uploads';

export type { ScreenshotConfig } from '../model/config';

interface Shot {
  /** The capture as taken (what the annotation editor starts from). */
  original: HTMLCanvasElement;
  scale: number;
  /** What gets uploaded: the original, or the flattened annotated copy. */
  blob: Blob;
  annotations: CanvasAnnotations | null;
}

export interface ScreenshotActionDeps {
  store: Store;
  owner: ListenerCollection;
  config: ScreenshotConfig;
  report: (error: unknown, context: string) => WidgetError;
  /** The outbox a posted thread's screenshot is uploaded through. */
  sending: () => Promise<Sending>;
  /** Fetches a cross-origin image through the server (api/client.ts `relayImage`). */
  relayImage: (url: string, signal?: AbortSignal) => Promise<Blob>;
}

/** Relayed images kept for the next capture of this page (a retake, the next comment): at most this many. */
const RELAYED_KEPT = 64;

export function createScreenshotActions({ store, owner, config, report, sending, relayImage }: ScreenshotActionDeps) {
  const { screenshot, annotating } = store.composer;
  let shot: Shot | null = null;
  let capture: { controller: AbortController; done: Promise<Shot | null> } | null = null;
  const urls = new Set<string>();
  const relayed = new Map<string, Promise<Blob | null>>();
  owner.own(() => {
    capture?.controller.abort();
    for (const url of urls) URL.revokeObjectURL(url);
    relayed.clear();
  });

  /** A cross-origin image for the capture (capture/screenshot/foreign-images.ts); null when the server cannot get it. */
  function foreignImage(url: string): Promise<Blob | null> {
    let pending = relayed.get(url);
    if (!pending) {
      pending = relayImage(url).catch(() => null);
      relayed.set(url, pending);
      // A failure is not kept: the next capture may ask again.
      void pending.then((blob) => blob ?? relayed.delete(url));
      if (relayed.size > RELAYED_KEPT) relayed.delete(relayed.keys().next().value!);
    }
    return pending;
  }

  function setReady(next: Shot) {
    shot = next;
    const previewUrl = URL.createObjectURL(next.blob);
    urls.add(previewUrl);
    clearPreview();
    screenshot.value = {
      status: 'ready',
      previewUrl,
      width: next.original.width,
      height: next.original.height,
      annotated: next.annotations !== null,
    };
  }

  function clearPreview() {
    const current = screenshot.peek();
    if (current.status === 'ready') {
      URL.revokeObjectURL(current.previewUrl);
      urls.delete(current.previewUrl);
    }
  }

  function forget() {
    capture?.controller.abort();
    capture = null;
    clearPreview();
    shot = null;
    annotating.value = false;
    screenshot.value = { status: 'none' };
  }

  async function run(pin: { clientX: number; clientY: number } | null, controller: AbortController): Promise<Shot | null> {
    try {
      const module = await screenshotting.load();
      const options = {
        pin: pin ?? undefined,
        privateSelectors: config.privateSelectors,
        timeoutMs: config.timeoutMs ?? 10_000,
        signal: controller.signal,
        foreignImage,
        onProgress: (phase: string) => {
          if (capture?.controller === controller) screenshot.value = { status: 'capturing', phase };
        },
      };
      const result = config.pixelPerfect ? await module.captureDisplayMedia(options) : await module.captureViewport(options);
      const blob = await module.canvasToBlob(result.canvas, 'image/webp', 0.9);
      return { original: result.canvas, scale: result.scale, blob, annotations: null };
    } catch (error) {
      if (capture?.controller !== controller || owner.isDestroyed) return null;
      const code = (error as { code?: unknown })?.code;
      if (code === 'cancelled') {
        screenshot.value = { status: 'none' };
        return null;
      }
      const problem = toWidgetError(error);
      report(error, 'screenshot');
      screenshot.value = { status: 'failed', error: { ...problem, code: `screenshot_${typeof code === 'string' ? code : 'failed'}` } };
      return null;
    }
  }

  const toUpload = (next: Shot) => ({ blob: next.blob, width: next.original.width, height: next.original.height });

  return {
    /** Starts a capture for the comment being written (replaces any earlier one). */
    takeScreenshot(pin: { clientX: number; clientY: number } | null = null): void {
      forget();
      if (config.enabled === false) return;
      const controller = new AbortController();
      screenshot.value = { status: 'capturing', phase: 'loading' };
      const pending = { controller, done: Promise.resolve<Shot | null>(null) };
      capture = pending;
      pending.done = run(pin, controller).then((result) => {
        if (capture === pending && result && !owner.isDestroyed) setReady(result);
        return result;
      });
    },

    screenshotsEnabled: (): boolean => config.enabled !== false,

    cancelScreenshot(): void {
      capture?.controller.abort();
      capture = null;
      screenshot.value = { status: 'none' };
    },

    removeScreenshot: forget,

    openAnnotator(): void {
      if (shot) annotating.value = true;
    },

    closeAnnotator(): void {
      annotating.value = false;
    },

    /** The annotation editor's result (flattened image + its description). */
    async applyAnnotations(canvas: HTMLCanvasElement, annotations: CanvasAnnotations): Promise<void> {
      const base = shot;
      annotating.value = false;
      if (!base) return;
      try {
        const { canvasToBlob } = await screenshotting.load();
        const blob = await canvasToBlob(canvas, 'image/webp', 0.9);
        if (shot === base) setReady({ ...base, blob, annotations: annotations.shapes.length ? annotations : null });
      } catch (error) {
        store.notice.value = report(error, 'annotate');
      }
    },

    /** What the annotation editor needs, while a capture is ready. */
    screenshotForAnnotation(): { image: HTMLCanvasElement; scale: number; annotations: CanvasAnnotations | null } | null {
      return shot ? { image: shot.original, scale: shot.scale, annotations: shot.annotations } : null;
    },

    /** Annotations to send with the new thread (only when the reviewer drew something). */
    pendingAnnotations: (): CanvasAnnotations | undefined => shot?.annotations ?? undefined,

    /**
     * Hands the composer's screenshot to its new thread (`put` queues it in the outbox, which uploads
     * it once the thread exists); a capture still running is handed over when it finishes.
     */
    sendScreenshotOf(put: (shot: ScreenshotUpload) => void): void {
      const running = capture;
      const ready = shot;
      capture = null;
      shot = null;
      clearPreview();
      screenshot.value = { status: 'none' };
      annotating.value = false;
      if (ready) put(toUpload(ready));
      else if (running) {
        void running.done.then((late) => {
          if (owner.isDestroyed) return;
          if (late) put(toUpload(late));
          else if (!running.controller.signal.aborted) store.notice.value = widgetError('screenshot_skipped');
        });
      }
    },

    /** Screenshot uploads that failed (or wait to be retried): now. */
    retryScreenshotUploads(): void {
      if (store.notice.peek()?.code === 'screenshot_upload_failed') store.notice.value = null;
      void sending().then(
        (outbox) => outbox.retryUploads(),
        () => {},
      );
    },

    discardComposerScreenshot: forget,
  };
}
