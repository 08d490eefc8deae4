/**
 * Which view mode (device class) a new thread is posted under, from the viewport width:
 * desktop ≥ 1024 px, tablet 768–1023 px, mobile < 768 px unless the host sets other breakpoints.
 * The id is the markup's view mode of that category when the server lists them.
 */
import type { ViewMode, ViewModeCategory } from '../../api/wire';
import type { PinmarkViewMode, ViewModeBreakpoints } from '../../types';

export type { ViewModeBreakpoints };

export const DEFAULT_BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export function viewModeCategory(width: number, breakpoints: ViewModeBreakpoints = {}): ViewModeCategory {
  const desktop = breakpoints.desktop ?? DEFAULT_BREAKPOINTS.desktop;
  const tablet = breakpoints.tablet ?? DEFAULT_BREAKPOINTS.tablet;
  if (width >= desktop) return 'desktop';
  if (width >= tablet) return 'tablet';
  return 'mobile';
}

export function viewModeIdFor(width: number, modes: ViewMode[], breakpoints?: ViewModeBreakpoints): string {
  return viewModeIdOf(viewModeCategory(width, breakpoints), modes);
}

/** The markup's view mode id of a device class (the class itself when the server lists none). */
export function viewModeIdOf(category: ViewModeCategory, modes: ViewMode[]): string {
  return modes.find((mode) => mode.category === category && typeof mode.id === 'string')?.id ?? category;
}

/**
 * Which pins show, as the host sets it (`setViewMode`): `auto` — the viewport's device class (the
 * default; the reviewer's "all devices" toggle still works); `all` — every device class; a device
 * class — that one, whatever the viewport's width, and new threads are posted under it.
 */
export type ViewModeSetting = PinmarkViewMode;
export const VIEW_MODE_SETTINGS: readonly ViewModeSetting[] = ['auto', 'all', 'desktop', 'tablet', 'mobile'];

const CATEGORIES: readonly string[] = ['desktop', 'tablet', 'mobile'];

/**
 * The device class a thread was made on: its view mode's category when the markup lists that id,
 * else the id itself when it names a category. null (unknown id) means "show it everywhere": a pin
 * must never vanish because a server used ids we do not recognise.
 */
export function categoryOfThread(thread: { viewModeId?: unknown }, modes: ViewMode[]): ViewModeCategory | null {
  const id = thread.viewModeId;
  if (typeof id !== 'string' || !id) return null;
  const listed = modes.find((mode) => mode.id === id);
  if (listed && CATEGORIES.includes(listed.category)) return listed.category;
  return CATEGORIES.includes(id) ? (id as ViewModeCategory) : null;
}
