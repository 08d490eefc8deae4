/**
 * The last steps every capture shares, whichever way its pixels were obtained: privacy masks, the pin
 * marker, a taint check and the optional encoding.
 */
import type { Guard } from './guard';
import { drawPin } from './marker';
import { paintMasks, type MaskRect } from './mask';
import { CaptureError, type CaptureOptions, type CaptureResult, type CaptureStats, type EncodeType } from './types';
import { assertReadable, context2d, type Viewport } from './viewport';

export interface FinishRequest {
  canvas: HTMLCanvasElement;
  viewport: Viewport;
  masks: readonly MaskRect[];
  options: CaptureOptions;
  guard: Guard;
  started: number;
  stats?: CaptureStats;
}

export async function finishCapture(request: FinishRequest): Promise<CaptureResult> {
  const { canvas, viewport, masks, options, guard } = request;
  guard.check();
  guard.progress('masking');
  const ctx = context2d(canvas);
  paintMasks(ctx, masks, viewport.scale);
  if (options.pin) drawPin(ctx, options.pin, viewport.scale);
  assertReadable(canvas);

  const result: CaptureResult = {
    canvas,
    scale: viewport.scale,
    cssWidth: viewport.cssWidth,
    cssHeight: viewport.cssHeight,
    maskedCount: masks.length,
    durationMs: 0,
  };
  if (request.stats) result.stats = request.stats;
  if (options.encode) {
    guard.progress('encoding');
    result.blob = await guard.race(canvasToBlob(canvas, options.encode.type, options.encode.quality));
  }
  guard.check();
  result.durationMs = performance.now() - request.started;
  return result;
}

/**
 * Encodes the screenshot. Browsers that cannot encode the preferred type produce PNG instead (the
 * blob's `type` says which); a canvas that cannot be encoded at all rejects with `failed`.
 */
export function canvasToBlob(canvas: HTMLCanvasElement, preferred: EncodeType = 'image/webp', quality = 0.85): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => {
          if (blob && blob.size > 0) resolve(blob);
          else reject(new CaptureError('failed', 'The screenshot could not be encoded.'));
        },
        preferred,
        quality,
      );
    } catch (error) {
      // toBlob throws synchronously on a tainted canvas.
      reject(new CaptureError('failed', 'The screenshot could not be encoded.', { cause: error }));
    }
  });
}
