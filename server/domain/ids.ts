/**
 * Record ids are UUIDs. Checking the shape before a query lets every floor answer a malformed id
 * as an unknown record (404 or a validation error) instead of a database error.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
