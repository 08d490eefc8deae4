/**
 * What every `pinmark` command is: a name, its help, its options (node:util parseArgs) and a run
 * that gets the parsed arguments, a lazily made API client and the output streams.
 */
import type { ParseArgsConfig } from 'node:util';
import type { ApiClient } from './api-client.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface Context {
  values: Values;
  positionals: string[];
  /** The API client for --url/--api-key or the environment (throws exit 2 without a key). */
  client(): ApiClient;
  out(text: string): void;
  err(text: string): void;
}

export interface Command {
  name: string;
  /** One line for `pinmark --help`. */
  summary: string;
  /** `pinmark <name> --help`: usage line(s), then what it does and its options. */
  help: string;
  options: Options;
  /** Whether the command talks to the API (it then takes --url and --api-key). */
  usesApi: boolean;
  run(context: Context): Promise<number | void>;
}

/** The options every API command takes. */
export const API_OPTIONS: Options = {
  url: { type: 'string' },
  'api-key': { type: 'string' },
};

export const API_HELP = `  --url URL         the Pinmark server (PINMARK_URL; default http://localhost:8787)
  --api-key KEY     a workspace API key, pk_ws_… (PINMARK_API_KEY)`;

export function stringOption(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function jsonOut(context: Context, value: unknown): void {
  context.out(`${JSON.stringify(value, null, 2)}\n`);
}
