/**
 * Exit codes of `pinmark` and the one error type commands throw. Every failure ends in exactly one
 * of these codes and one sentence on stderr, so scripts and agents can branch on the number.
 */

export const EXIT = {
  ok: 0,
  /** Bad arguments, a missing setting, an ambiguous reference, a request the server refused as invalid. */
  usage: 1,
  /** No API key, or the server refused it (401/403). */
  auth: 2,
  /** The thread, markup or file does not exist (404, or no match). */
  notFound: 3,
  /** The server could not be reached, timed out, or failed (5xx, 429). */
  server: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** The API's error code when the server answered one (`not_found`, `unauthorized`…). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage, 'usage');
export const notFoundError = (message: string) => new CliError(message, EXIT.notFound, 'not_found');

/** The exit code an HTTP status from the API means. */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status >= 500 || status === 429) return EXIT.server;
  return EXIT.usage;
}
