/**
 * Where the server reports what happened, passed in rather than written to the console directly
 * so tests can silence it or read what was logged.
 */
export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string): void;
}

export const consoleLogger: Logger = {
  error: (message, error) => console.error(message, error ?? ''),
  info: (message) => console.log(message),
};
