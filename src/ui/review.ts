/**
 * The review layer, a chunk only signed-in reviewers download: the overlay engine that places pins,
 * the locating code behind it, the pin layer, the thread panel and the chips above the launcher.
 * Visitors who never sign in (most of a customer's visitors) load none of it; mount.ts starts it
 * as soon as a session exists, in parallel with the thread list's fetch.
 */
import { deltaCss } from '../delta';
import type { Controller } from '../state/controller';
import type { ReviewTools } from './hooks';
import { OverlayEngine } from './overlay/engine';
import panelsCss from './panels.css?inline';
import pinsCss from './pins.css?inline';
import { PositionBoard } from './positions';
import type { ScreenViewport } from './screen';

export { PinControls } from './PinControls';
export { MoveHint, PinLayer } from './PinLayer';
export { ThreadPanel } from './thread/ThreadPanel';

export interface ReviewDeps {
  controller: Controller;
  host: HTMLElement;
  adoptStyles(css: string): void;
  /** The visual viewport the popovers are placed in (mount.ts). */
  screen?: ScreenViewport;
}

/** The engine and position board for one mounted widget; `destroy()` removes all they registered. */
export function createReviewTools({ controller, host, adoptStyles, screen }: ReviewDeps): ReviewTools & { destroy(): void } {
  adoptStyles(`${pinsCss}\n${panelsCss}\n${deltaCss}`);
  const positions = new PositionBoard(screen);
  const { actions } = controller;
  let lastHref = location.href;
  const engine = new OverlayEngine({
    host,
    positions,
    // The cheap per-frame route check: SPAs that change the URL without any event we hear.
    beforeRead(viewportWidth) {
      if (location.href !== lastHref) {
        lastHref = location.href;
        actions.refreshPage();
      }
      actions.setViewportWidth(viewportWidth);
    },
    // A DOM change may have swapped the canonical link.
    onDomSettled: () => actions.refreshPage(),
    onZoomApplied: () => screen?.rezoom(),
    onError: (error) => controller.report(error, 'overlay'),
  });
  // The URL may have changed since the page loaded and before this chunk arrived.
  actions.refreshPage();
  // Pinch-zoom and the on-screen keyboard move no pin, only the screen layer the popovers are in.
  const stopFollowingScreen = screen?.onChange(() => positions.refresh());
  return {
    engine,
    positions,
    destroy: () => {
      stopFollowingScreen?.();
      engine.destroy();
    },
  };
}
