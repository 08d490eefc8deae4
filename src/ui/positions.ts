/**
 * Where pins are on screen this frame, shared by the pin layer (which measures) and the popovers
 * that sit beside a pin (which follow). Followers are told in the pin layer's write phase, so a
 * frame does all its layout reads first and its writes after. Pins are measured in the layout
 * viewport; popovers live in the screen layer (screen.ts), so points and the viewport are handed
 * out in its coordinates.
 */
import type { ScreenViewport } from './screen';

export interface Point {
  x: number;
  y: number;
}

export type PendingKey = '__pending__';
export const PENDING: PendingKey = '__pending__';

export class PositionBoard {
  declare private lookup: (key: string) => Point | undefined;
  declare private followers: Set<() => void>;
  declare private screen: ScreenViewport | undefined;
  /** Layout viewport size measured in the same frame's read phase. */
  declare private measured: { width: number; height: number };

  constructor(screen?: ScreenViewport) {
    this.lookup = () => undefined;
    this.followers = new Set();
    this.screen = screen;
    this.measured = { width: window.innerWidth, height: window.innerHeight };
  }

  /** Where pin `key` is (screen layer coordinates), as measured in the last frame; undefined when it has no place. */
  get(key: string): Point | undefined {
    const point = this.lookup(key);
    return point && this.screen ? this.screen.toScreen(point) : point;
  }

  /**
   * A box of the layout viewport (client coordinates less the pin layer's origin, like the pins')
   * in screen-layer coordinates: where a panel must not go (the element it discusses).
   */
  boxToScreen(box: { left: number; top: number; width: number; height: number }): {
    left: number;
    top: number;
    width: number;
    height: number;
  } {
    if (!this.screen) return box;
    const start = this.screen.toScreen({ x: box.left, y: box.top });
    const end = this.screen.toScreen({ x: box.left + box.width, y: box.top + box.height });
    return { left: start.x, top: start.y, width: end.x - start.x, height: end.y - start.y };
  }

  /** A vertical distance in the screen layer as the page's CSS px (scrolling the page to show a target). */
  toPageLength(length: number): number {
    return this.screen ? this.screen.toLayoutLength(length) : length;
  }

  /** A distance of the page (CSS px) in the screen layer: the inverse of toPageLength. */
  toScreenLength(length: number): number {
    return this.screen ? length / this.screen.toLayoutLength(1) : length;
  }

  /** The area popovers are kept in: the visual viewport where the browser tells it, else the layout viewport. */
  get viewport(): { width: number; height: number } {
    return this.screen?.size ?? this.measured;
  }

  /**
   * A frame measured every pin: `lookup` answers from those measurements (no map is built per frame:
   * only the few popovers ask). Notifies followers, which only write.
   */
  publish(lookup: (key: string) => Point | undefined, viewport: { width: number; height: number }): void {
    this.lookup = lookup;
    this.measured = viewport;
    this.refresh();
  }

  /**
   * Tells the followers again with the last frame's measurements: the screen layer moved (pinch-zoom,
   * the on-screen keyboard) but no pin did, so they are placed at once, in the same frame as the layer.
   */
  refresh(): void {
    for (const follower of [...this.followers]) follower();
  }

  follow(callback: () => void): () => void {
    this.followers.add(callback);
    return () => this.followers.delete(callback);
  }
}
