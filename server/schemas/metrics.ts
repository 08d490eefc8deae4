/**
 * Query schemas of the §4.9 product-metrics endpoints and the date-range rule they share
 * (docs/api-decisions.md, "Product metrics"): every problem is a 400 with details, never a 500.
 */
import { z } from 'zod';

export const METRICS_DEFAULT_LIMIT = 50;
export const METRICS_MAX_LIMIT = 100;
export const METRICS_MAX_OFFSET = 100_000;
/** A leap year: a whole calendar year always fits. */
export const METRICS_MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
/** Instants from here on print as `+010000-…`, which PostgreSQL cannot read back. */
const YEAR_10000_MS = Date.UTC(10000, 0, 1);

export const USER_SORT_KEYS = [
  'name',
  'commentsCreated',
  'threadsCreated',
  'repliesCreated',
  'threadsResolved',
  'threadsUnresolved',
  'projectsCreated',
  'lastActivity',
] as const;
export const PROJECT_SORT_KEYS = [
  'name',
  'createdAt',
  'commentsCreated',
  'threadsCreated',
  'repliesCreated',
  'threadsResolved',
  'threadsUnresolved',
  'activeUsers',
  'lastActivity',
] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time must say which instant it means: `Z` or an explicit offset, never local time.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

interface Bound {
  ms: number;
  dateOnly: boolean;
}

function parseBound(value: string): Bound | null {
  const day = DATE_ONLY.exec(value);
  if (day) {
    const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // Date.UTC rolls 2026-02-30 over to March; a real calendar date survives the round trip.
    return new Date(ms).toISOString().slice(0, 10) === value ? { ms, dateOnly: true } : null;
  }
  if (!DATE_TIME.test(value)) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  // Reject impossible calendar parts that Date.parse would silently roll over.
  const [y, mo, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, mo - 1, d)).toISOString().slice(0, 10) !== value.slice(0, 10)) return null;
  return { ms, dateOnly: false };
}

const boundSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const bound = parseBound(value);
    if (!bound) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with Z or an offset' });
      return z.NEVER;
    }
    return bound;
  });

/** The half-open instant range [fromMs, toMs) a request covers. */
export interface MetricsRange {
  fromMs: number;
  toMs: number;
}

const rangeShape = {
  startDate: boundSchema,
  endDate: boundSchema,
};

function toRange(value: { startDate: Bound; endDate: Bound }, ctx: z.RefinementCtx): MetricsRange {
  const fromMs = value.startDate.ms;
  // A date-only end covers that whole UTC day; a date-time end is itself excluded.
  const toMs = value.endDate.dateOnly ? value.endDate.ms + DAY_MS : value.endDate.ms;
  if (toMs <= fromMs) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
  } else if (toMs >= YEAR_10000_MS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'the range must end before the year 10000' });
  } else if (toMs - fromMs > METRICS_MAX_RANGE_DAYS * DAY_MS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `the range may cover at most ${METRICS_MAX_RANGE_DAYS} days` });
  }
  return { fromMs, toMs };
}

const workspaceIdShape = { workspaceId: z.string().max(100).optional() };

export const metricsTotalsQuerySchema = z
  .object({ ...rangeShape, ...workspaceIdShape })
  .transform((value, ctx) => ({ workspaceId: value.workspaceId, range: toRange(value, ctx) }));

export const lastUpdatedQuerySchema = z.object(workspaceIdShape);

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

function pageSchema<K extends string>(sortKeys: readonly [K, ...K[]], defaultSort: K) {
  return z
    .object({
      ...rangeShape,
      ...workspaceIdShape,
      offset: integer('offset', 0, METRICS_MAX_OFFSET).optional(),
      limit: integer('limit', 1, METRICS_MAX_LIMIT).optional(),
      sortBy: z.enum(sortKeys).optional(),
      sortDirection: z
        .string()
        .transform((v) => v.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .optional(),
    })
    .transform((value, ctx) => {
      const sortBy = value.sortBy ?? defaultSort;
      return {
        workspaceId: value.workspaceId,
        range: toRange(value, ctx),
        offset: value.offset ?? 0,
        limit: value.limit ?? METRICS_DEFAULT_LIMIT,
        sortBy,
        // Names read A→Z; counts and times most-first.
        sortDirection: value.sortDirection ?? (sortBy === 'name' ? 'asc' : 'desc'),
      };
    });
}

export const userMetricsQuerySchema = pageSchema<UserSortKey>(USER_SORT_KEYS, 'commentsCreated');
export const projectMetricsQuerySchema = pageSchema<ProjectSortKey>(PROJECT_SORT_KEYS, 'commentsCreated');
