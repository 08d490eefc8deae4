/**
 * Sign-in through a popup on the service's sign-in page (the SDK exchange flow).
 *
 * The popup mints the session server-side under a random `state` and tells us so with
 * `postMessage` — never with the token itself. We then read the session exactly once from
 * GET /auth/sdk-exchange/result. Pages whose Cross-Origin-Opener-Policy severs the opener never
 * receive that message, so while waiting we also poll the result every 2 s (404 = not yet).
 * Reads are serialised: whichever succeeds first wins and there is never a second read.
 */
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { SdkExchangeResponse, SignInDoneMessage, SignInFailedMessage } from '../api/wire';
import { ListenerCollection } from '../util/listener-collection';
import { createStateNonce } from './nonce';

// The sign-in page's messages (wire.ts); checked field by field below, since any window can post.
const SIGNED_IN: SignInDoneMessage['type'] = 'pinmark:sdk-signed-in';
const SIGN_IN_FAILED: SignInFailedMessage['type'] = 'pinmark:sdk-sign-in-failed';

export type SignInErrorKind = 'failed' | 'timeout' | 'cancelled';

export class SignInError extends Error {
  declare readonly kind: SignInErrorKind;

  constructor(kind: SignInErrorKind, message = '') {
    super(message);
    this.name = 'SignInError';
    this.kind = kind;
  }
}

export interface PopupSignInOptions {
  api: Pick<ApiClient, 'sdkExchangeResult'>;
  apiBase: string;
  publicKey: string;
  markupId: string;
  signInUrl?: string;
  /** Owner of the flow's listeners and timers (the widget's); destroying it ends the flow. */
  owner: ListenerCollection;
  /** Injected in tests; defaults to window.open. */
  openWindow?: (url: string, target: string, features: string) => Window | null;
  pollIntervalMs?: number;
  giveUpAfterMs?: number;
}

export type PopupSignIn = { status: 'blocked' } | { status: 'opened'; state: string; result: Promise<SdkExchangeResponse>; cancel(): void };

export const POPUP_WIDTH = 480;
export const POPUP_HEIGHT = 640;

/** Must be called synchronously from a user's click, or the browser blocks the popup. */
export function startPopupSignIn(options: PopupSignInOptions): PopupSignIn {
  const state = createStateNonce();
  const base = options.signInUrl ?? `${options.apiBase.replace(/\/+$/, '')}/sign-in`;
  const url = new URL(base, window.location.href);
  url.searchParams.set('publicKey', options.publicKey);
  url.searchParams.set('markupId', options.markupId);
  url.searchParams.set('state', state);
  url.searchParams.set('sdkOrigin', window.location.origin);

  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
  const open = options.openWindow ?? ((u, t, f) => window.open(u, t, f));
  let popup: Window | null = null;
  try {
    popup = open(url.href, 'pinmark-sign-in', features);
  } catch {
    popup = null;
  }
  if (!popup) return { status: 'blocked' };

  const flow = new ListenerCollection();
  const releaseFromOwner = options.owner.own(() => flow.removeAll());
  const abort = new AbortController();
  flow.own(() => abort.abort());
  const query = { state, publicKey: options.publicKey, markupId: options.markupId };
  const expectedOrigin = url.origin;
  let cancel: () => void = () => {};

  const result = new Promise<SdkExchangeResponse>((resolve, reject) => {
    let settled = false;
    let reading = false;
    let readAgainIfNotYet = false;

    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      flow.removeAll();
      releaseFromOwner();
      settle();
    };

    const read = (becauseOfMessage: boolean) => {
      if (settled) return;
      if (reading) {
        // A poll is in flight; if it was too early (404), the message means "now it's there".
        if (becauseOfMessage) readAgainIfNotYet = true;
        return;
      }
      reading = true;
      options.api.sdkExchangeResult(query, abort.signal).then(
        (session) => {
          reading = false;
          // The sign-in page closes itself after posting; we only close it when cancelling.
          finish(() => resolve(session));
        },
        (error: unknown) => {
          reading = false;
          if (error instanceof ApiError && error.status === 404) {
            if (readAgainIfNotYet) {
              readAgainIfNotYet = false;
              read(false);
            }
            return;
          }
          finish(() => reject(error));
        },
      );
    };

    flow.add(window, 'message', (event: MessageEvent) => {
      if (event.origin !== expectedOrigin || event.source !== popup) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const message = data as { type?: unknown; state?: unknown; message?: unknown };
      if (message.state !== state) return;
      if (message.type === SIGNED_IN) read(true);
      else if (message.type === SIGN_IN_FAILED) {
        finish(() => reject(new SignInError('failed', typeof message.message === 'string' ? message.message : '')));
      }
    });
    flow.setInterval(() => read(false), options.pollIntervalMs ?? 2000);
    flow.setTimeout(() => finish(() => reject(new SignInError('timeout'))), options.giveUpAfterMs ?? 5 * 60_000);
    cancel = () =>
      finish(() => {
        closeQuietly(popup);
        reject(new SignInError('cancelled'));
      });
  });
  return { status: 'opened', state, result, cancel: () => cancel() };
}

function closeQuietly(popup: Window | null): void {
  try {
    if (popup && !popup.closed) popup.close();
  } catch {
    // A severed or cross-origin popup may refuse; it closes itself after signing in.
  }
}
