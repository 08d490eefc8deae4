/**
 * The document's request schemas are the ones the routes validate with: for a sample of routes
 * the body (or query) schema equals zod's own JSON Schema of the route's schema object, and
 * leaving out any field the document marks `required` really gets the 4xx it promises, with the
 * field named in `details`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, createTestServer, threadBody, type TestServer } from '../testing/support.ts';
import { createThreadSchema } from '../schemas/threads.ts';
import { updateMessageSchema } from '../schemas/messages.ts';
import { createWebhookRegistrationSchema } from '../schemas/webhooks.ts';
import { uploadPolicySchema } from '../schemas/uploads.ts';
import { listQuerySchema, readOnlySchema } from '../schemas/markups.ts';
import { exchangeSchema, sdkExchangeResultQuerySchema } from '../schemas/auth.ts';
import { buildOpenApiDocument } from './document.ts';
import { routesDoc } from './routes-doc.ts';

type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const op = (method: string, path: string): Json => doc.paths[path][method];
const bodySchema = (method: string, path: string): Json => op(method, path).requestBody.content['application/json'].schema;
const row = (method: string, path: string) => routesDoc.find((r) => r.method === method && r.path === path)!;

/** zod's own rendering, as a reader of the zod docs would call it (OpenAPI 3.1 = JSON Schema 2020-12). */
function zodJsonSchema(schema: z.ZodType): Json {
  const { $schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
  return rest;
}

describe("request schemas come from the routes' zod objects", () => {
  const bodies: [string, string, z.ZodType][] = [
    ['post', '/threads', createThreadSchema],
    ['patch', '/messages/{id}', updateMessageSchema],
    ['post', '/webhook-registrations', createWebhookRegistrationSchema],
    ['post', '/upload-policy', uploadPolicySchema],
    ['patch', '/markups/{id}/read-only', readOnlySchema],
    ['post', '/auth/exchange', exchangeSchema],
  ];
  it.each(bodies)('%s %s body', (method, path, schema) => {
    // The very object the route imports, not a look-alike…
    expect(row(method, path).body).toBe(schema);
    // …rendered unchanged.
    expect(bodySchema(method, path)).toEqual(zodJsonSchema(schema));
  });

  it.each([
    ['get', '/markups', listQuerySchema],
    ['get', '/auth/sdk-exchange/result', sdkExchangeResultQuerySchema],
  ] as const)('%s %s query', (method, path, schema) => {
    expect(row(method, path).query).toBe(schema);
    const expected = zodJsonSchema(schema);
    const params = (op(method, path).parameters as Json[]).filter((p) => p.in === 'query');
    expect(Object.fromEntries(params.map((p) => [p.name, p.schema]))).toEqual(expected.properties);
    expect(
      params
        .filter((p) => p.required)
        .map((p) => p.name)
        .sort(),
    ).toEqual([...expected.required].sort());
  });
});

describe('a request missing a documented required field is refused', () => {
  let s: TestServer;
  let reviewer: string;
  let apiKey: string;

  beforeAll(async () => {
    s = await createTestServer();
    reviewer = (await s.exchangeToken()).token;
    apiKey = s.seed.workspaceApiKey;
  });
  afterAll(async () => {
    await s.close();
  });

  /** For every field the document requires: the valid body without it → 422 naming the field. */
  async function eachRequiredBodyField(method: string, path: string, url: string, token: string | undefined, valid: Json): Promise<number> {
    const required = bodySchema(method, path).required as string[];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      expect(valid, `the sample body lacks ${field}`).toHaveProperty(field);
      const { [field]: _left, ...body } = valid;
      const res = await s.request(method.toUpperCase(), `${API}${url}`, { ...(token ? { token } : {}), body });
      expect(res.status, `${method} ${path} without ${field}: ${res.text}`).toBe(422);
      expect(op(method, path).responses['422']).toBeDefined();
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    return required.length;
  }

  it('POST /threads', async () => {
    expect(await eachRequiredBodyField('post', '/threads', '/threads', reviewer, threadBody())).toBeGreaterThanOrEqual(10);
  });

  it('POST /webhook-registrations', async () => {
    const valid = { url: 'https://receiver.example/hook', workspaceId: s.seed.workspaceId, eventTypes: [], enabled: true };
    expect(await eachRequiredBodyField('post', '/webhook-registrations', '/webhook-registrations', apiKey, valid)).toBe(3);
  });

  it('POST /upload-policy', async () => {
    const valid = {
      resourceType: 'message_attachment',
      resourceId: s.seed.markupId,
      filename: 'a.png',
      contentType: 'image/png',
      filesize: 10,
    };
    expect(await eachRequiredBodyField('post', '/upload-policy', '/upload-policy', reviewer, valid)).toBe(5);
  });

  it('PATCH /markups/{id}/read-only', async () => {
    expect(
      await eachRequiredBodyField('patch', '/markups/{id}/read-only', `/markups/${s.seed.markupId}/read-only`, apiKey, { readOnly: false }),
    ).toBe(1);
  });

  it('POST /auth/exchange (public)', async () => {
    expect(await eachRequiredBodyField('post', '/auth/exchange', '/auth/exchange', undefined, { token: 'x' })).toBe(1);
  });

  it('GET /auth/sdk-exchange/result and GET /markups: a missing required query parameter → 400', async () => {
    const cases: [string, string | undefined, Json][] = [
      ['/auth/sdk-exchange/result', undefined, { state: 'a'.repeat(22), publicKey: s.seed.publicKey, markupId: s.seed.markupId }],
      ['/markups', apiKey, { workspaceId: s.seed.workspaceId }],
    ];
    for (const [path, token, valid] of cases) {
      const required = (op('get', path).parameters as Json[]).filter((p) => p.in === 'query' && p.required).map((p) => p.name as string);
      expect(required.length).toBeGreaterThan(0);
      for (const name of required) {
        const query = new URLSearchParams(Object.entries(valid).filter(([k]) => k !== name));
        const res = await s.request('GET', `${API}${path}?${query}`, token ? { token } : {});
        expect(res.status, `${path} without ${name}: ${res.text}`).toBe(400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(name);
      }
    }
  });
});
