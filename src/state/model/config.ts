/**
 * The widget's internal configurations, derived from the public options (src/types.ts) rather than
 * declared again: a new option is added once, there, and the compiler carries it here.
 */
import type { LiveRefreshOptions, PinmarkOptions, ScreenshotOptions } from '../../types';

/** What the controller (state) needs of the checked options. */
export type ControllerConfig = Pick<
  PinmarkOptions,
  | 'publicKey'
  | 'markupId'
  | 'apiBase'
  | 'signInUrl'
  | 'getCustomerToken'
  | 'getIdentityToken'
  | 'viewModeBreakpoints'
  | 'screenshot'
  | 'liveRefresh'
>;

/** Screenshots of new threads (screenshot-actions.ts). */
export type ScreenshotConfig = ScreenshotOptions;

/** Polling for other reviewers' changes (live-refresh.ts); `false` turns it off. */
export type LiveRefreshConfig = LiveRefreshOptions;
