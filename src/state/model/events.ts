/** The emitter's signature, over the public event map (src/types.ts declares the events). */
import type { PinmarkEventMap, PinmarkEventName } from '../../types';

export type { PinmarkEventMap, PinmarkEventName };

export type EmitFn = <K extends PinmarkEventName>(event: K, payload: PinmarkEventMap[K]) => void;
