/**
 * The active table: the one object every component reads (`strings.x.y` at render time), filled
 * with English as soon as `./index.ts` loads and then, per `init`, with the locale's table and the
 * host's overrides (assigned in place, so a reference such as `const t = strings.editor` stays
 * current). Its own module so that table functions naming other strings ("Box added") can read the
 * active words without an import loop: it imports no table, and types here only the few words the
 * tables read back (`index.ts` hands out the same object typed as the full table).
 */
import type { AnnotationShape } from '../../api/wire';

export type ShapeType = AnnotationShape['type'];

/** What table functions read of the active table, so a host's override of these words is used everywhere. */
export interface CrossReferences {
  send: { pin: string; pinFailed: string };
  annotate: { shapes: Record<ShapeType, string>; tools: Record<ShapeType, { label: string }> };
}

export const active = {} as CrossReferences;
