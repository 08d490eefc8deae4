/**
 * npm entry: `import { createPinmark } from 'pinmark'`.
 *
 *   const pinmark = createPinmark({ publicKey, markupId, apiBase });
 *   const off = pinmark.on('threadCreated', ({ thread }) => console.log(thread.number));
 *   pinmark.open();
 */
export { createPinmark } from './pinmark';
export type {
  PinmarkEventMap,
  PinmarkEventName,
  PinmarkError,
  PinmarkHandler,
  PinmarkIdentifyResult,
  PinmarkIdentity,
  PinmarkInstance,
  PinmarkOptions,
  PinmarkStrings,
  PinmarkTheme,
  PinmarkViewMode,
  ViewModeBreakpoints,
} from './types';
export type { MessageResponse, ThreadResponse, MarkupResponse, Delta } from './api/wire';
export type { PinAnchor } from './anchor';
