/** Capture: what the widget records about the reviewer's environment (screenshots come later). */
export { browserContext, parseUserAgent, type ParsedUserAgent } from './browser-context';
