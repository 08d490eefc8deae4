/** Public types of the widget: what a host passes in and gets back. */
import type { PinmarkEventMap, PinmarkEventName } from './state/events';
import type { ViewModeBreakpoints } from './state/view-mode';

export type { PinmarkEventMap, PinmarkEventName, ViewModeBreakpoints };

export interface PinmarkOptions {
  /** The installation's public key (`pk_…`). */
  publicKey: string;
  /** The markup (project) the comments belong to. */
  markupId: string;
  /** Origin of the feedback service, e.g. `https://feedback.example.com`. */
  apiBase: string;
  /** Sign-in page for the popup; default `${apiBase}/sign-in`. */
  signInUrl?: string;
  /** Silent sign-in with a JWT the host signs for its user (POST /auth/exchange). */
  getCustomerToken?: () => Promise<string>;
  /** Silent sign-in with an identity-provider access token (POST /auth/sdk-exchange). */
  getIdentityToken?: () => Promise<string>;
  /** CSP nonce for the fallback `<style>` element. */
  nonce?: string;
  /** Viewport widths where tablet and desktop start (defaults 768 and 1024). */
  viewModeBreakpoints?: ViewModeBreakpoints;
  /**
   * `qa`: a report is a bug report: diagnostics (console errors, failed requests) are attached unless
   * `diagnostics: false`. Default: diagnostics only when `diagnostics: true`.
   */
  mode?: 'default' | 'qa';
  /** Attach the page's console errors/warnings and failed requests to new threads (host's consent). */
  diagnostics?: boolean;
  /** Screenshots taken with each new thread. */
  screenshot?: ScreenshotOptions;
}

export interface ScreenshotOptions {
  /** Default true. */
  enabled?: boolean;
  /** Extra CSS selectors whose elements are painted over in every screenshot (besides the built-in ones). */
  privateSelectors?: string[];
  /** Offer a pixel-perfect capture through the browser's screen sharing (getDisplayMedia), opt-in. */
  pixelPerfect?: boolean;
  /** Give up on a capture after this long (default 10 000 ms); the comment is posted without it. */
  timeoutMs?: number;
}

export type PinmarkHandler<K extends PinmarkEventName> = (payload: PinmarkEventMap[K]) => void;

export interface PinmarkInstance {
  /** Starts (or restarts with new options) the widget. */
  init(options: PinmarkOptions): void;
  /** Enters comment mode, or opens the sign-in panel when signed out. */
  open(): void;
  /** Leaves comment mode and closes panels (drafts are kept). */
  close(): void;
  /** Removes the widget and everything it registered; `init` may be called again later. */
  destroy(): void;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<K extends PinmarkEventName>(event: K, handler: PinmarkHandler<K>): () => void;
}
