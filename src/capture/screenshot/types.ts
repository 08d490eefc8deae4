/**
 * The screenshot engine's public contract (options, result, error), kept apart from the code so the
 * viewport path and the display-media path share it without importing each other.
 */

/** Where the reviewer dropped the pin, in viewport CSS pixels. */
export interface CapturePin {
  clientX: number;
  clientY: number;
  label?: string;
}

export type CapturePhase = 'loading' | 'rendering' | 'masking' | 'encoding';

export type EncodeType = 'image/webp' | 'image/jpeg' | 'image/png';

export interface CaptureOptions {
  /** Draws the widget's pin marker (28 px brand-coloured disc, white ring, label) at this spot. */
  pin?: CapturePin;
  /** Host-configured selectors painted over, in addition to `BUILT_IN_PRIVATE_SELECTORS`. */
  privateSelectors?: string[];
  /** The widget's own host element(s); `<pinmark-root>` is always left out as well. */
  exclude?: Element[];
  /** Default 2: scale = min(devicePixelRatio, maxScale). */
  maxScale?: number;
  /** Default 10000. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (phase: CapturePhase) => void;
  /** Default `document` (tests). */
  doc?: Document;
  /** Also encode the image (reported as the 'encoding' phase); the result then carries `blob`. */
  encode?: { type?: EncodeType; quality?: number };
  /** Longest stretch of html2canvas work before it yields (default `SLICE_MS`; tests use 0 and Infinity). */
  sliceMs?: number;
  /** Off-screen subtrees copied as empty boxes (default true; tests compare with false). */
  stubs?: boolean;
  /**
   * Fetches a cross-origin image the page did not load with CORS (the widget: the server's image
   * relay). Without it such images are left out: asking their hosts with CORS would report errors
   * in the page's console (foreign-images.ts).
   */
  foreignImage?: (url: string) => Promise<Blob | null>;
}

export interface CaptureStats {
  /** Elements html2canvas was left to parse (visited by the clone walk). */
  visited: number;
  /** Off-screen subtrees hidden in the clone so html2canvas skips them. */
  pruned: number;
  /** Elements whose modern colours (oklch, lab, color(), …) were rewritten to rgb. */
  recoloured: number;
  /** Tasks the work after html2canvas's clone was spread over (1 without our slicing rewrite). */
  slices?: number;
  /** The host changed its DOM during the sliced copy, so the page was copied again in one task. */
  recopied?: boolean;
  /** Off-screen subtrees copied as empty boxes of their size (stubs.ts); runs of siblings count once. */
  stubs?: number;
  /** The stubbed copy was laid out differently from the page, so the page was copied again in full. */
  stubFallback?: boolean;
}

export interface CaptureResult {
  /** Exactly the viewport (without scrollbars), `round(css size × scale)` device pixels. */
  canvas: HTMLCanvasElement;
  scale: number;
  cssWidth: number;
  cssHeight: number;
  /** Private rectangles painted over. */
  maskedCount: number;
  durationMs: number;
  /** Present when `options.encode` was given. */
  blob?: Blob;
  /** html2canvas path only. */
  stats?: CaptureStats;
}

export type CaptureErrorCode = 'timeout' | 'cancelled' | 'masking_failed' | 'unsupported' | 'failed';

export class CaptureError extends Error {
  readonly code: CaptureErrorCode;

  constructor(code: CaptureErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CaptureError';
    this.code = code;
  }
}

/** Anything thrown on the way becomes a CaptureError; ours pass through unchanged. */
export function toCaptureError(error: unknown): CaptureError {
  if (error instanceof CaptureError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CaptureError('failed', `Screenshot failed: ${message}`, { cause: error });
}

/** The part of the page a capture draws (page coordinates), with which the copy is pruned and repaired. */
export interface CloneArea {
  left: number;
  top: number;
  width: number;
  height: number;
}
