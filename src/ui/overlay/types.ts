/** The overlay engine's public shapes (engine.ts). */
import type { PinAnchor } from '../../state/model/anchoring';
import type { PositionBoard } from '../positions';

export interface OverlayTarget {
  key: string;
  anchor: PinAnchor;
}

export interface OverlayOptions {
  /** The widget's own host element: its mutations are ignored. */
  host: HTMLElement;
  positions: PositionBoard;
  /** Called first in every frame's read phase (cheap checks: URL, viewport width). */
  beforeRead?: (viewportWidth: number) => void;
  /** The DOM settled after mutations (the canonical link may have changed). */
  onDomSettled?: () => void;
  /** The page's CSS zoom was undone on the widget's container (or changed): other layers re-measure. */
  onZoomApplied?: () => void;
  onError?: (error: unknown) => void;
}

/** Read/write halves another part of the UI runs inside the overlay's frame (e.g. the hover outline). */
export interface FrameTask {
  read?(): void;
  write?(): void;
}

export interface FrameStats {
  frames: number;
  /** Duration of the last frame callback (reads, resolving, writes), ms. */
  lastFrameMs: number;
  lastPins: number;
  lastFull: boolean;
  lastResolved: number;
}
