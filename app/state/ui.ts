/** View state shared by distant components: the shortcut list, the filter panel, requests to focus. */
import { signal } from '@preact/signals';

export const shortcutsOpen = signal(false);
export const filtersOpen = signal(false);
/** Bumped to ask the open thread's reply box for focus (the `r` key). */
export const focusReply = signal(0);
/** Bumped to ask the search field for focus (the `/` key). */
export const focusSearch = signal(0);
/** Bumped to ask the list for focus on its selected row (after Esc). */
export const focusList = signal(0);
