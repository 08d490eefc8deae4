/**
 * The shape of one row of the malformed-input suite's route table (server/http/malformed.test.ts), apart from
 * the table itself (malformed-cases*.ts) so the table's parts can share it without importing each other.
 */
import { API } from './support.ts';

/** Which bearer a route takes: decides the "missing" and "wrong kind" variants. */
export type AuthRule = 'none' | 'idp' | 'any' | 'api_key';

/** What a query parameter holds: decides its "wrong-typed value" variants. */
export type QueryKind = 'int' | 'date' | 'enum' | 'bool' | 'id';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path template; `:name` segments are ids taken from `ids`. */
  path: string;
  ids?: Record<string, string>;
  /** Path ids that are not UUIDs by design (external ids): only "unknown" applies to them. */
  freeformIds?: string[];
  auth: AuthRule;
  token?: string;
  query?: Record<string, string>;
  requiredQuery?: string[];
  /**
   * Kinds of query parameters, beyond what the baseline's values show (numbers, dates, UUIDs are
   * inferred): enums and flags look like any string, and optional parameters absent from the
   * baseline are only probed when named here.
   */
  queryKinds?: Record<string, QueryKind>;
  body?: Record<string, unknown>;
  /** Body fields that may be absent (not part of the "field removed" variants). */
  optional?: string[];
  /** Why the baseline is not replayed at the end (needs a stored file, a sign-in session…). */
  noBaseline?: string;
  /** A second row of a route already in the table, for another kind of request it takes (an image thread, say). */
  variant?: string;
}

export const label = (r: RouteCase): string => `${r.method} ${r.path}${r.variant ? ` (${r.variant})` : ''}`;

export function urlOf(r: RouteCase, ids: Record<string, string> = r.ids ?? {}, query = r.query): string {
  const path = r.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ids[name] ?? ''));
  const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return `${API}${path}${qs}`;
}
