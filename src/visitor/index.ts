/**
 * ES module entry of `launcher.js`, which the loader imports for a visitor who has not shown any
 * intent yet: the launcher and nothing else (≤ 10 KB gzip together with the loader, a size test).
 * Everything else (app.js) arrives when the visitor comes near, focuses or presses it.
 */
export { showVisitorLauncher, type VisitorHooks, type VisitorLauncher, type VisitorOptions } from './visitor-launcher';
