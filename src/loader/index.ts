/**
 * The classic-script loader customers paste into their pages:
 *
 *   <script async src="https://feedback.example.com/widget/pinmark.js"
 *           data-public-key="pk_…" data-markup-id="…" data-api-base="https://feedback.example.com"></script>
 *
 * Built as an IIFE (dist/widget/pinmark.js, ≤ 1.5 KB gzip) with no imports or exports: it captures
 * its own <script> synchronously, then lazily imports the real widget (app.js beside it).
 * `window.Pinmark` is the only global it defines. With `data-mode="qa"` or `data-diagnostics="true"`
 * it also starts recording console errors and failed requests right away (capture/diagnostics/core.ts).
 */
import { startDiagnosticsCore } from '../capture/diagnostics/core';
import { installPinmarkLoader } from './stub';

// Read by `npm run bench` (loader execution → launcher visible); harmless everywhere else.
try {
  performance.mark('pinmark:loader-start');
} catch {
  /* very old browsers: no User Timing */
}

installPinmarkLoader(
  window as unknown as { Pinmark?: unknown },
  document.currentScript as HTMLScriptElement | null,
  (url) => import(/* @vite-ignore */ url) as Promise<unknown>,
  () => startDiagnosticsCore(window),
);
