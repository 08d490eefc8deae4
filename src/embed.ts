/**
 * ES module entry imported by the script-tag loader (dist/widget/app.js). The loader calls
 * `createPinmark()` once and forwards `window.Pinmark` calls to that instance.
 */
export { createPinmark } from './pinmark';
export type { PinmarkInstance, PinmarkOptions, PinmarkEventMap, PinmarkEventName } from './types';
