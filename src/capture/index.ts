/** Capture: the reviewer's browser and screen (screenshots and diagnostics are chunks of their own). */
export { browserContext, browserContextAsync, parseUserAgent, type ParsedUserAgent } from './browser-context';
