/**
 * Public types of the widget: what a host passes in and gets back. A leaf (only wire types and the
 * words' shape below it): state/ derives its internal configurations from these, so the option
 * shapes are declared once, here.
 */
import type { MessageResponse, ThreadResponse, ViewModeCategory } from './api/wire';
// The one edge upward: the words' shape is the English table's own type (ui/i18n/en.ts), type-only.
import type { StringOverrides } from './ui/i18n/overrides';

/** Events the widget emits to the host through `on(event, handler)`. */
export interface PinmarkEventMap {
  /** Start-up finished: UI mounted, session restored or attempted, threads loaded when signed in. */
  ready: { signedIn: boolean };
  signedIn: { userId: string; name: string };
  signedOut: { expired: boolean };
  threadCreated: { thread: ThreadResponse };
  messageCreated: { threadId: string; message: MessageResponse };
  /** An edit of a message was saved (`message` as the server returned it). */
  messageUpdated: { threadId: string; message: MessageResponse };
  messageDeleted: { threadId: string; messageId: string };
  threadResolved: { threadId: string };
  threadReopened: { threadId: string };
  threadDeleted: { threadId: string };
  /** A thread's pin was moved and the server saved its new place (`thread` has the new anchor). */
  threadMoved: { threadId: string; thread: ThreadResponse };
  /** Something failed; the widget already told the reviewer where relevant. */
  error: { code: string; status: number; message: string };
}

export type PinmarkEventName = keyof PinmarkEventMap;

/** Viewport widths where device classes start (see PinmarkViewMode). */
export interface ViewModeBreakpoints {
  /** Smallest width counted as tablet (default 768). */
  tablet?: number;
  /** Smallest width counted as desktop (default 1024). */
  desktop?: number;
}

/**
 * Which pins show (`setViewMode`, option `viewMode`): `auto` (default) — those made on the
 * viewport's device class, with the reviewer's "all devices" toggle; `all` — every device class;
 * `desktop` | `tablet` | `mobile` — that device class whatever the viewport's width (new threads
 * are posted under it too).
 */
export type PinmarkViewMode = 'auto' | 'all' | ViewModeCategory;

/** What the `error` event carries and a failed `identify()` resolves with. */
export type PinmarkError = PinmarkEventMap['error'];

/**
 * Who the host says the reviewer is (`identify`): a customer JWT its backend signed
 * (`POST /auth/exchange`) or an identity-provider access token (`POST /auth/sdk-exchange`), as a
 * string or as a function. A function is asked again whenever the session is renewed; a string is
 * reused, so it must stay valid as long as the reviewer should stay signed in.
 */
export type PinmarkIdentity =
  | { customerToken: string }
  | { getCustomerToken: () => Promise<string> }
  | { identityToken: string }
  | { getIdentityToken: () => Promise<string> };

/** `identify()` never rejects: it resolves with who is signed in, or why nobody is. */
export type PinmarkIdentifyResult = { ok: true; userId: string; name: string } | { ok: false; error: PinmarkError };

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
  /** Which device classes' pins show from the start (default `auto`); see `setViewMode`. */
  viewMode?: PinmarkViewMode;
  /**
   * `qa`: a report is a bug report: diagnostics (console errors, failed requests) are attached unless
   * `diagnostics: false`. Default: diagnostics only when `diagnostics: true`.
   */
  mode?: 'default' | 'qa';
  /** Attach the page's console errors/warnings and failed requests to new threads (host's consent). */
  diagnostics?: boolean;
  /** Screenshots taken with each new thread. */
  screenshot?: ScreenshotOptions;
  /**
   * The widget's language, a BCP 47 tag; default English. `de`, `de-DE`, `de-CH`… show German; any
   * other tag shows English words (replace them with `strings`) but formats dates and numbers for
   * that locale, and right-to-left languages (`ar`, `he`, `fa`, `ur`…) get a right-to-left layout.
   * An unknown or malformed tag means English, without an error.
   */
  locale?: string;
  /**
   * Replaces any of the widget's words, over the `locale`'s table: the same keys, strings where it
   * has strings, `(count) => string` style functions where it has functions (README, "Languages").
   */
  strings?: PinmarkStrings;
  /**
   * Colours of the widget: `light` (default), `dark`, or `system` (follows the reviewer's
   * `prefers-color-scheme`). Finer control: the `--pinmark-*` CSS variables (README, Theming).
   */
  theme?: PinmarkTheme;
  /** How often a signed-in reviewer's view fetches other reviewers' changes; `false`: never. */
  liveRefresh?: LiveRefreshOptions | false;
}

export interface LiveRefreshOptions {
  /** Between polls while the tab is visible, in ms (default 10 000, at least 250). */
  intervalMs?: number;
  /** Between polls while the tab is hidden, in ms (default 60 000, at least 250). */
  hiddenIntervalMs?: number;
}

export type PinmarkTheme = 'light' | 'dark' | 'system';

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

/** Any part of the widget's string table (the shape of `src/ui/i18n/en.ts`). */
export type PinmarkStrings = StringOverrides;

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
  /**
   * Signs the host's user in silently (after `init`), replacing any session — another user's too.
   * Never rejects; a failure also goes to the `error` event, and nobody stays signed in then.
   */
  identify(identity: PinmarkIdentity): Promise<PinmarkIdentifyResult>;
  /** Ends the session (storage included), closes panels, hides pins, emits `signedOut`; unsent comments wait for their author. */
  signOut(): void;
  /** Which device classes' pins show (see PinmarkViewMode); a bad value is an `error` event, never a throw. */
  setViewMode(mode: PinmarkViewMode): void;
}
