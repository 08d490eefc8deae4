/**
 * Whether this page's origin may sign reviewers in through the popup (`GET /auth/config?origin=`),
 * asked once per page when a signed-out reviewer first opens the sign-in panel. A site whose origin
 * the installation does not allow learns it there (one `error` event, one console warning, with what
 * to change) and the reviewer gets plain words before any sign-in form, instead of a 403 naming
 * "sdkOrigin" after filling it in. Asked on intent, not at start: every visitor of every page would
 * pay the request, and almost none ever signs in.
 */
import type { ApiClient } from '../../api/client';
import type { WidgetErrorCode } from '../model/error-codes';
import { widgetError } from '../model/errors';
import type { WidgetError } from '../model/store';

export const ORIGIN_NOT_ALLOWED = 'sign_in_origin_not_allowed' satisfies WidgetErrorCode;

export interface OriginCheckDeps {
  api: Pick<ApiClient, 'getAuthConfig'>;
  publicKey: string;
  origin: string;
  /** Emits `error` and warns once; returns what the UI should show. */
  report: (error: unknown, context: string) => WidgetError;
  /** The installation refuses this origin: what the sign-in panel shows. */
  refused: (problem: WidgetError) => void;
  /** Issue 18: whether the installation takes reports from guests (the same answer says). */
  guests?: (allowed: boolean) => void;
}

/** Returns the check to call on intent; it asks at most once (again only after a failed request). */
export function createOriginCheck({ api, publicKey, origin, report, refused, guests }: OriginCheckDeps): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    api.getAuthConfig(publicKey, origin).then(
      (config) => {
        guests?.(config.guests?.enabled === true && config.originAllowed !== false);
        if (config.originAllowed !== false) return;
        const message = `${origin} is not an allowed origin of the Pinmark installation ${publicKey}, so reviewers cannot sign in on this page. Its operator adds it with \`npm run admin -- origins add --public-key ${publicKey} ${origin}\` (ALLOWED_ORIGINS for the demo installation).`;
        refused(report(widgetError(ORIGIN_NOT_ALLOWED, message), 'sign-in'));
      },
      // Unknown: the sign-in itself will say what is wrong. Ask again next time.
      () => (asked = false),
    );
  };
}
