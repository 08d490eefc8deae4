/**
 * The OpenAPI document is structurally valid OpenAPI 3.1. No validator is installed, so the
 * rules a consumer (codegen, Swagger UI) trips over are checked by hand: every $ref resolves,
 * path parameters match their templates, operationIds are unique, every schema is a JSON Schema
 * object whose `required` names its own properties, and every operation answers something.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiJson } from './document.ts';
import { routesDoc } from './routes-doc.ts';

type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

function resolve(ref: string): unknown {
  expect(ref.startsWith('#/'), ref).toBe(true);
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node?.[key];
  }
  return node;
}

const deref = (node: Json): Json => (typeof node.$ref === 'string' ? (resolve(node.$ref) as Json) : node);

function* operations(): Generator<{ path: string; method: string; op: Json; item: Json }> {
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) if (item[method]) yield { path, method, op: item[method], item };
  }
}

/** Problems of a JSON Schema (2020-12) object, recursively; an empty list when it is fine. */
function schemaProblems(schema: unknown, where: string): string[] {
  if (typeof schema === 'boolean') return [];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [`${where}: not a schema object`];
  const s = schema as Json;
  if (s.$ref) return resolve(s.$ref) === undefined ? [`${where}: $ref ${s.$ref} does not resolve`] : [];
  const problems: string[] = [];
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  for (const t of types) if (!JSON_TYPES.has(t)) problems.push(`${where}: unknown type ${t}`);
  if (s.properties !== undefined) {
    for (const [name, sub] of Object.entries(s.properties as Json)) problems.push(...schemaProblems(sub, `${where}.properties.${name}`));
  }
  if (s.required !== undefined) {
    if (!Array.isArray(s.required) || s.required.some((r: unknown) => typeof r !== 'string'))
      problems.push(`${where}: required is not a list of names`);
    else if (s.properties) for (const r of s.required) if (!(r in s.properties)) problems.push(`${where}: required ${r} is not a property`);
  }
  if (s.items !== undefined) problems.push(...schemaProblems(s.items, `${where}.items`));
  if (s.additionalProperties !== undefined) problems.push(...schemaProblems(s.additionalProperties, `${where}.additionalProperties`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (s[key] === undefined) continue;
    if (!Array.isArray(s[key])) problems.push(`${where}.${key}: not a list`);
    else s[key].forEach((sub: unknown, i: number) => problems.push(...schemaProblems(sub, `${where}.${key}.${i}`)));
  }
  if (s.enum !== undefined && !Array.isArray(s.enum)) problems.push(`${where}: enum is not a list`);
  return problems;
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document with info, servers, tags and paths', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(doc.servers).toEqual([{ url: '/api/v2' }]);
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/[^?#]*[^/]$/);
    // What is served is exactly this document, as JSON (no functions, no undefined left behind).
    expect(JSON.parse(openApiJson())).toEqual(doc);
  });

  it('resolves every $ref', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref') refs.push(value as string);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => resolve(ref) === undefined)).toEqual([]);
  });

  it('has unique operationIds, known tags and known security schemes', () => {
    const ids = [...operations()].map(({ op }) => op.operationId as string);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(routesDoc.length);
    const tags = new Set((doc.tags as Json[]).map((t) => t.name));
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags.length).toBe(1);
      expect(tags.has(op.tags[0])).toBe(true);
      expect(Array.isArray(op.security)).toBe(true);
      for (const requirement of op.security) for (const name of Object.keys(requirement)) expect(schemes.has(name), name).toBe(true);
    }
  });

  it('declares every path parameter of a template, and no other', () => {
    for (const { path, method, op, item } of operations()) {
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
      const inPath = params.filter((p) => p.in === 'path');
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(inPath.map((p) => p.name).sort(), `${method} ${path}`).toEqual(templated.sort());
      for (const p of inPath) expect(p.required).toBe(true);
      const keys = params.map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${method} ${path}: duplicate parameter`).toBe(keys.length);
      for (const p of params) {
        expect(['path', 'query', 'header', 'cookie']).toContain(p.in);
        expect(schemaProblems(p.schema, `${method} ${path} ${p.in}:${p.name}`)).toEqual([]);
      }
    }
  });

  it('documents the Service-API-Version header on every path and in every response', () => {
    for (const { path, method, op, item } of operations()) {
      expect(item.parameters.map(deref).some((p: Json) => p.name === 'Service-API-Version' && p.in === 'header')).toBe(true);
      for (const response of Object.values(op.responses as Json))
        expect(deref(response).headers?.['Service-API-Version'], `${method} ${path}`).toBeTruthy();
    }
  });

  it('gives every operation a success and error responses of the shared error shape', () => {
    for (const { path, method, op } of operations()) {
      const codes = Object.keys(op.responses);
      expect(
        codes.filter((c) => /^2\d\d$/.test(c)),
        `${method} ${path}`,
      ).toHaveLength(1);
      expect(codes.every((c) => /^[2-5]\d\d$/.test(c))).toBe(true);
      expect(codes).toContain('400');
      for (const code of codes) {
        const response = deref(op.responses[code]);
        expect(typeof response.description).toBe('string');
        if (code.startsWith('4')) expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        if (code === '204') expect(response.content).toBeUndefined();
      }
    }
  });

  it('describes every body, parameter and response with JSON Schema objects', () => {
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas))
      problems.push(...schemaProblems(schema, `components.schemas.${name}`));
    for (const { path, method, op } of operations()) {
      if (method === 'get') expect(op.requestBody, `${method} ${path}`).toBeUndefined();
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        expect(['application/json', 'multipart/form-data']).toContain(type);
        expect(media.schema.type).toBe('object');
        problems.push(...schemaProblems(media.schema, `${method} ${path} body`));
      }
      for (const [code, response] of Object.entries(op.responses as Json)) {
        for (const media of Object.values((deref(response).content ?? {}) as Json))
          problems.push(...schemaProblems(media.schema, `${method} ${path} ${code}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists query parameters from the query schemas, none of them objects', () => {
    for (const { path, method, op } of operations()) {
      for (const p of (op.parameters ?? []).map(deref)) {
        if (p.in === 'query') expect(['string', undefined], `${method} ${path} ${p.name}`).toContain(p.schema.type);
      }
    }
  });
});

describe('rate limits in the document', () => {
  it('every rate-limited API route documents its 429 with Retry-After, and no other route does', async () => {
    const { LIMITED_ROUTES } = await import('../http/rate-limit-rules.ts');
    const limited = new Set(
      LIMITED_ROUTES.filter((route) => route.path.startsWith('/api/v2/')).map(
        (route) => `${route.method} ${route.path.slice('/api/v2'.length).replace(/:(\w+)/g, '{$1}')}`,
      ),
    );
    const documented = new Set(
      [...operations()].filter(({ op }) => op.responses['429']).map(({ path, method }) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(limited);
    expect(Object.keys(deref(doc.components.responses.TooManyRequests).headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
  });
});
