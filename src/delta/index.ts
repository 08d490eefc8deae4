/**
 * Quill Deltas, the rich text of messages: plain text and mentions as the server derives them,
 * the clean Delta the widget sends, and a safe Preact rendering with its stylesheet (for the UI to
 * adopt). Everything here accepts `unknown` and never throws: Deltas come from any client.
 */
export { normalizeDelta } from './normalize';
export { renderDelta } from './render';
export { deltaToPlainText, EMPTY_DELTA, mentionIdsOf, textToDelta } from './text';
export { default as deltaCss } from './delta.css?inline';
