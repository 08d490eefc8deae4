/** Sentences for failures: what went wrong and what to do, from an ApiError's status and code. */
import { isApiError } from '../../src/api';
import { t } from '../i18n';

export function describeFailure(error: unknown): string {
  const words = t().errors;
  const status = isApiError(error) ? error.status : ((error as { status?: number } | null)?.status ?? -1);
  const code = isApiError(error) ? error.code : (error as { code?: string } | null)?.code;
  if (status === 0 || code === 'network_error' || code === 'timeout') return words.offline;
  if (status === 429) return words.rateLimited;
  if (status === 403) return words.forbidden;
  if (status === 404) return t().thread.missing;
  const message = error instanceof Error && error.message && status >= 400 && status < 500 ? error.message : '';
  return message ? `${words.generic} ${message}` : words.generic;
}

export function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'not_found');
}
