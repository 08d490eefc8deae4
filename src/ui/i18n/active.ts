/**
 * The active table: the one object every component reads (`strings.x.y` at render time), filled
 * with English as soon as `./index.ts` loads and then, per `init`, with the locale's table and the
 * host's overrides (assigned in place, so a reference such as `const t = strings.editor` stays
 * current). Its own module so that table functions naming other strings ("Box added") can read the
 * active words without an import cycle: this file imports types only.
 */
import type { Strings } from './en';

export const strings = {} as Strings;
