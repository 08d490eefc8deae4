/**
 * ES module entry imported by the script-tag loader (dist/widget/app.js). The loader calls
 * `createPinmark()` once and forwards `window.Pinmark` calls to that instance.
 */
export { createPinmark } from './pinmark';
export type {
  PinmarkError,
  PinmarkEventMap,
  PinmarkEventName,
  PinmarkIdentifyResult,
  PinmarkIdentity,
  PinmarkInstance,
  PinmarkOptions,
  PinmarkViewMode,
} from './types';
