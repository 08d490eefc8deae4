/**
 * The shape of one row of the OpenAPI route table (routes-doc*.ts) and the JSON Schema helper
 * every row goes through. Rows hold the zod objects themselves, never copies, so the document
 * cannot drift from what the routes validate.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Tag =
  | 'auth'
  | 'threads'
  | 'messages'
  | 'screenshots'
  | 'uploads'
  | 'markups'
  | 'items'
  | 'workspace'
  | 'users'
  | 'webhooks'
  | 'metrics'
  | 'meta';

/**
 * Who may call: nobody needs a credential (`public`), an identity-provider access token (`idp`,
 * only the SDK exchange), an exchange token or an API key (`any`), or an API key only (`apiKey`;
 * an exchange token gets 403).
 */
export type Auth = 'public' | 'idp' | 'any' | 'apiKey';

/**
 * The error statuses a route answers on its own, beyond those its middleware implies (document.ts):
 * 4xx, and 507 where an upload meets a used-up storage quota.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 507;

export interface Success {
  status: 200 | 201 | 204;
  /** A component schema name (components.ts) of the `data` envelope's content; none for 204. */
  data?: string;
  /** A body sent as is, without the `data` envelope (only the OpenAPI document itself). */
  plain?: JsonSchema;
  /** Extra words for the success response, e.g. a Location header on a 204. */
  note?: string;
}

export interface RouteDoc {
  method: HttpMethod;
  /** Below /api/v2, in OpenAPI form (`/threads/{id}`). */
  path: string;
  operationId: string;
  summary: string;
  tag: Tag;
  auth: Auth;
  /** The query schema the route reads with readQuery(); each property becomes a parameter. */
  query?: z.ZodType;
  /**
   * Path parameters whose form is not a UUID (the default: pathId() answers 404 to anything else).
   * A zod schema, or a hand-written JSON Schema where the route matches by a pattern of Hono's.
   */
  params?: Record<string, z.ZodType | JsonSchema>;
  /** JSON body schema (readJson()), or a hand-written multipart form for the streamed upload. */
  body?: z.ZodType | { multipart: JsonSchema };
  /** The body may be left out (DELETE /workspace). */
  bodyOptional?: boolean;
  success: Success;
  errors?: ErrorStatus[];
  description?: string;
}

/**
 * The JSON Schema of what a client sends (`io: 'input'`: before transforms and defaults). OpenAPI
 * 3.1's dialect is JSON Schema 2020-12, so zod's `$schema` line adds nothing and is dropped.
 * Refinements (cross-field rules) are not representable and are left to descriptions.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

export const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
