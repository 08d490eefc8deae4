/** Any thrown value → a WidgetError the UI can explain. */
import { ApiError } from '../../api/errors';
import { SignInError } from '../../auth/popup-sign-in';
import type { WidgetErrorCode } from './error-codes';
import type { WidgetError } from './shapes';

export function toWidgetError(error: unknown): WidgetError {
  if (error instanceof ApiError) return { code: String(error.code), status: error.status, message: error.message };
  if (error instanceof SignInError) return { code: `sign_in_${error.kind}`, status: 0, message: error.message };
  // Already a WidgetError (the outbox reports its stored failures as plain data).
  if (isWidgetError(error)) return { code: error.code, status: error.status, message: error.message };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { code: 'unexpected', status: 0, message };
}

export function widgetError(code: WidgetErrorCode, message = ''): WidgetError {
  return { code, status: 0, message };
}

function isWidgetError(value: unknown): value is WidgetError {
  const candidate = value as Partial<WidgetError> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    !(value instanceof Error) &&
    typeof candidate.code === 'string' &&
    typeof candidate.status === 'number' &&
    typeof candidate.message === 'string'
  );
}
