/**
 * Where the server is and which API key to send: flags first (`--url`, `--api-key`), then the
 * environment (`PINMARK_URL`, `PINMARK_API_KEY`). The URL defaults to the local demo server.
 */
import { CliError, EXIT, usageError } from './errors.ts';

export interface Connection {
  /** The server's origin and base path, without a trailing slash (the API is at `${url}/api/v2`). */
  url: string;
  apiKey: string;
}

export const DEFAULT_URL = 'http://localhost:8787';

export function connectionFrom(flags: { url?: string; 'api-key'?: string }, env: NodeJS.ProcessEnv = process.env): Connection {
  const raw = flags.url ?? env.PINMARK_URL ?? DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`--url / PINMARK_URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`--url / PINMARK_URL must be http(s): "${raw}"`);
  const apiKey = flags['api-key'] ?? env.PINMARK_API_KEY ?? '';
  if (!apiKey)
    throw new CliError(
      'No API key: set PINMARK_API_KEY or pass --api-key (a workspace key, pk_ws_…; `npm run admin -- keys create` or `pinmark keys create` makes one)',
      EXIT.auth,
      'unauthorized',
    );
  return { url: url.href.replace(/\/+$/, ''), apiKey };
}
