/**
 * Where the reviewer is: the page identity (which threads belong here; it changes with SPA routes)
 * and the device class of the viewport (which pins show). Route changes are noticed without touching
 * the host's history API: Navigation API events where the browser has them, `popstate`,
 * `hashchange`, the overlay's cheap per-frame URL check (ui/overlay), and where there is no Navigation
 * API a once-a-second check.
 */
import { batch } from '@preact/signals';
import type { ListenerCollection } from '../../util/listener-collection';
import { currentPage, type Store } from '../model/store';
import { viewModeCategory, type ViewModeBreakpoints, type ViewModeSetting } from '../model/view-mode';

export interface PageActionDeps {
  store: Store;
  owner: ListenerCollection;
  breakpoints?: ViewModeBreakpoints;
}

export function createPageActions({ store, owner, breakpoints }: PageActionDeps) {
  const actions = {
    /** Re-reads the page identity (SPA navigation); cheap enough to call every frame. */
    refreshPage(): void {
      const page = currentPage();
      const known = store.page.peek();
      if (page.canonicalUrl !== known.canonicalUrl || page.url !== known.url) store.page.value = page;
    },

    /** The viewport is `width` px wide: switches the device class when a breakpoint was crossed. */
    setViewportWidth(width: number): void {
      // A device class set by the host holds whatever the width.
      if (!(width > 0) || store.viewModeOverride.peek()) return;
      const category = viewModeCategory(width, breakpoints);
      if (category !== store.viewMode.peek()) store.viewMode.value = category;
    },

    /** Shows pins of every device class (true) or only of the current one (false). */
    setShowAllModes(all: boolean): void {
      store.showAllModes.value = all;
    },

    /** The host's choice (`setViewMode`, see ViewModeSetting); the reviewer's toggle may change it later. */
    setViewMode(setting: ViewModeSetting): void {
      const forced = setting === 'auto' || setting === 'all' ? null : setting;
      batch(() => {
        store.viewModeOverride.value = forced;
        store.showAllModes.value = setting === 'all';
        store.viewMode.value = forced ?? viewModeCategory(window.innerWidth, breakpoints);
      });
    },
  };

  owner.add(window, 'popstate', actions.refreshPage);
  owner.add(window, 'hashchange', actions.refreshPage);
  // The Navigation API reports pushState/replaceState too (after the URL changed), where it exists.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation && typeof navigation.addEventListener === 'function') {
    owner.add(navigation, 'currententrychange', actions.refreshPage);
  } else {
    // Without it, a pushState that changes nothing on the page (no DOM mutation, so no overlay
    // frame and no per-frame URL check) is still noticed within a second.
    owner.setInterval(actions.refreshPage, 1000);
  }
  return actions;
}
