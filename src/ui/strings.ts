/**
 * What components import for words: the active table `strings` (read `strings.x.y` at render time;
 * English until `init` applies a `locale` and the host's `strings`), and `describeError`, the
 * sentence for a failure (picked by code from `i18n/error-sentences.ts`). The tables themselves are
 * in `i18n/`: `en.ts` (+ `en-errors.ts`, `en-tools.ts`) is the one place to add or change a string, and `de.ts` (+ `de-tools.ts`) must then
 * follow (the type checker says so). Accessible names used by the end-to-end tests are marked
 * "contract" there: change them only together with e2e/.
 */
import type { WidgetError } from '../state/model/shapes';
import { strings } from './i18n';
import { sentenceFor } from './i18n/error-sentences';

export { formatNumber, strings, type Strings } from './i18n';
export type { ShapeType } from './i18n/en-tools';
export type EditorTool = keyof typeof strings.editor.tools;

/** A sentence for the reviewer: what went wrong and, where it helps, what to do. */
export function describeError(error: WidgetError): string {
  const cause = error.cause ? describeError(error.cause) : '';
  return sentenceFor(error, cause);
}
