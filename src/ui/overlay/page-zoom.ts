/**
 * The page's CSS `zoom` around the widget's host would scale the pins and their coordinates: the
 * engine reads it in a frame's read phase and undoes it on its container in the write phase. Kept out
 * of engine.ts so the frame reads as its phases, not as this bookkeeping.
 */
export class PageZoom {
  /** The zoom read in the last full frame (viewport px per px of ours). */
  declare current: number;
  declare private applied: number;

  constructor() {
    this.current = 1;
    this.applied = 1;
  }

  /** Read phase: the page's effective CSS zoom where the host sits (1 where the browser has no such API). */
  read(host: HTMLElement): void {
    const zoom = (host as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom;
    this.current = typeof zoom === 'number' && zoom > 0 ? zoom : 1;
  }

  /** Write phase: undoes the zoom on `container` when it changed; true when it wrote. */
  apply(container: HTMLElement | null): boolean {
    if (!container || this.applied === this.current) return false;
    container.style.zoom = this.current === 1 ? '' : String(1 / this.current);
    this.applied = this.current;
    return true;
  }

  /** A new container starts unzoomed. */
  reset(): void {
    this.applied = 1;
  }
}
