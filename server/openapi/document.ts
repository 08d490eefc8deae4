/**
 * Builds the OpenAPI 3.1 document from the route table. Each row's own facts (schemas, success,
 * handler errors) are combined here with what every route inherits from the app's middleware
 * (server/app.ts): the version header may refuse any request (400), credentials (401/403), the
 * JSON body reader (400/413/415/422) and Idempotency-Key on authenticated mutations (409/422).
 */
import { API_VERSION } from '../http/version.ts';
import { components, ERROR_RESPONSES } from './components.ts';
import { limitedRouteOf } from '../http/rate-limit-rules.ts';
import { routesDoc, TAGS } from './routes-doc.ts';
import { isZod, toJsonSchema, type Auth, type ErrorStatus, type JsonSchema, type RouteDoc } from './types.ts';

const SECURITY: Record<Auth, JsonSchema[]> = {
  public: [],
  idp: [{ idpAccessToken: [] }],
  any: [{ exchangeToken: [] }, { apiKey: [] }],
  apiKey: [{ apiKey: [] }],
};

const UUID: JsonSchema = { type: 'string', format: 'uuid' };

export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The idempotency middleware runs on authenticated mutations, except the streamed upload. */
function isIdempotent(row: RouteDoc): boolean {
  return row.method !== 'get' && (row.auth === 'any' || row.auth === 'apiKey') && !(row.body && !isZod(row.body));
}

export function errorStatuses(row: RouteDoc): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, ...(row.errors ?? [])]);
  if (row.auth !== 'public') statuses.add(401);
  if (row.auth === 'apiKey') statuses.add(403);
  if (pathParamNames(row.path).length > 0) statuses.add(404);
  if (row.body) {
    statuses.add(413);
    statuses.add(415);
    if (isZod(row.body)) statuses.add(422);
  }
  if (isIdempotent(row)) {
    statuses.add(409);
    statuses.add(422);
  }
  // The rate limiter's own table decides, so the document cannot disagree with what is enforced.
  if (limitedRouteOf(row.method.toUpperCase(), `/api/v2${row.path.replace(/\{\w+\}/g, 'x')}`)) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** One query parameter per property of the query schema; readQuery() sees only strings. */
function queryParameters(row: RouteDoc): JsonSchema[] {
  if (!row.query) return [];
  const schema = toJsonSchema(row.query);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

function pathParameters(row: RouteDoc): JsonSchema[] {
  return pathParamNames(row.path).map((name) => {
    const given = row.params?.[name];
    const schema = given === undefined ? UUID : isZod(given) ? toJsonSchema(given) : given;
    return { name, in: 'path', required: true, schema };
  });
}

function requestBody(row: RouteDoc): JsonSchema | undefined {
  if (!row.body) return undefined;
  if (!isZod(row.body)) return { required: true, content: { 'multipart/form-data': { schema: row.body.multipart } } };
  return { required: !row.bodyOptional, content: { 'application/json': { schema: toJsonSchema(row.body) } } };
}

function successResponse(row: RouteDoc): JsonSchema {
  const { status, data, plain, note } = row.success;
  const headers = { 'Service-API-Version': { $ref: '#/components/headers/ServiceApiVersion' } };
  const description = note ?? (status === 204 ? 'Done; no body.' : status === 201 ? 'Created.' : 'OK.');
  if (plain) return { description, headers, content: { 'application/json': { schema: plain } } };
  if (!data) return { description, headers };
  const envelope = { type: 'object', required: ['data'], properties: { data: { $ref: `#/components/schemas/${data}` } } };
  return { description, headers, content: { 'application/json': { schema: envelope } } };
}

function operation(row: RouteDoc): JsonSchema {
  const parameters = [...pathParameters(row), ...queryParameters(row)];
  if (isIdempotent(row)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const responses: Record<string, JsonSchema> = { [String(row.success.status)]: successResponse(row) };
  for (const status of errorStatuses(row)) responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  const body = requestBody(row);
  return {
    operationId: row.operationId,
    summary: row.summary,
    ...(row.description ? { description: row.description } : {}),
    tags: [row.tag],
    security: SECURITY[row.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const row of routesDoc) {
    // The version header applies to every operation, so it is declared once per path.
    const item = (paths[row.path] ??= { parameters: [{ $ref: '#/components/parameters/ServiceApiVersion' }] });
    if (item[row.method]) throw new Error(`OpenAPI: ${row.method.toUpperCase()} ${row.path} is documented twice`);
    item[row.method] = operation(row);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pinmark Feedback and Markup Service API',
      version: API_VERSION,
      description:
        'The reference server of the Feedback and Markup Service API v2. Success bodies are `{"data": …}` (or none with 204); every failure is `{"error": {"code", "message", "details?"}}`. Wire types: src/api/wire.ts.',
    },
    servers: [{ url: '/api/v2' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: components(),
  };
}

let cached: string | undefined;

/** The document as JSON, built on first use: the table and the schemas never change while the process runs. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
