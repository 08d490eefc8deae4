/**
 * The review layer, a chunk only signed-in reviewers download: the overlay engine that places pins,
 * the locating code behind it, the pin layer, the thread panel and the chips above the launcher.
 * Visitors who never sign in (most of a customer's visitors) load none of it; mount.ts starts it
 * as soon as a session exists, in parallel with the thread list's fetch.
 */
import { deltaCss } from '../delta';
import type { Controller } from '../state/actions';
import type { ReviewTools } from './hooks';
import { OverlayEngine } from './overlay/engine';
import panelsCss from './panels.css?inline';
import pinsCss from './pins.css?inline';
import { PositionBoard } from './positions';

export { PinControls } from './PinControls';
export { PinLayer } from './PinLayer';
export { ThreadPanel } from './thread/ThreadPanel';

export interface ReviewDeps {
  controller: Controller;
  host: HTMLElement;
  adoptStyles(css: string): void;
}

/** The engine and position board for one mounted widget; `destroy()` removes all they registered. */
export function createReviewTools({ controller, host, adoptStyles }: ReviewDeps): ReviewTools & { destroy(): void } {
  adoptStyles(`${pinsCss}\n${panelsCss}\n${deltaCss}`);
  const positions = new PositionBoard();
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
    onError: (error) => controller.report(error, 'overlay'),
  });
  // The URL may have changed since the page loaded and before this chunk arrived.
  actions.refreshPage();
  return { engine, positions, destroy: () => engine.destroy() };
}
