/**
 * The device breakpoints every webpage markup offers: a fact of the domain both the thread input
 * schema (which validates `viewModeId`) and the markup reads (which count threads per mode) use.
 */
import type { ViewMode, ViewModeCategory } from '../../src/api/wire.ts';

/** The fixed device breakpoints every webpage markup offers (docs/api-decisions.md). */
export const VIEW_MODES: readonly Omit<ViewMode, 'threadCount'>[] = [
  { id: 'desktop', category: 'desktop', name: 'Desktop', minWidth: 1024, maxWidth: null },
  { id: 'tablet', category: 'tablet', name: 'Tablet', minWidth: 768, maxWidth: 1023 },
  { id: 'mobile', category: 'mobile', name: 'Mobile', minWidth: 0, maxWidth: 767 },
];

/** The ids a thread's `viewModeId` may take: those of VIEW_MODES (the schema validates against this). */
export const VIEW_MODE_IDS = ['desktop', 'tablet', 'mobile'] as const satisfies readonly ViewModeCategory[];
