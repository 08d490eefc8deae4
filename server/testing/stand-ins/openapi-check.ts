/**
 * Checks a request against a published OpenAPI 3.0 description (GitHub's, from @octokit/openapi):
 * the method and path must be an operation of the description, path parameters must fit their
 * schemas, and a JSON body must be valid against the operation's request body schema. The
 * validator covers the JSON Schema subset these descriptions use (type, nullable, enum, oneOf,
 * anyOf, allOf, properties, required, additionalProperties, items, lengths, bounds) and resolves
 * local $refs. Stricter in one way: an object property the schema does not name is refused. Test support only: the GitHub stand-in refuses what the real API would not accept.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Schema = Record<string, unknown>;
interface Description {
  paths: Record<string, Record<string, Schema>>;
  components: Record<string, Record<string, Schema>>;
}

export interface CheckedOperation {
  operationId: string;
  template: string;
  params: Record<string, string>;
}

export type RequestCheck = { ok: true; operation: CheckedOperation } | { ok: false; errors: string[] };

let githubDescription: Description | undefined;

/** GitHub's REST description (api.github.com, about 13 MB), read once per process. */
export function githubRestDescription(): Description {
  const require = createRequire(import.meta.url);
  githubDescription ??= JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as Description;
  return githubDescription;
}

function resolve(description: Description, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    const found = section && name ? description.components[section]?.[name] : undefined;
    if (!found) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = found;
  }
  return current;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

export function validate(description: Description, raw: Schema, value: unknown, at: string): string[] {
  const schema = resolve(description, raw);
  if (value === null) return schema.nullable === true || schema.type === undefined ? [] : [`${at}: must not be null`];
  const errors: string[] = [];
  const type = schema.type as string | undefined;
  const actual = typeOf(value);
  if (type && !(type === actual || (type === 'number' && actual === 'integer'))) return [`${at}: must be ${type}, got ${actual}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${at}: must be one of ${JSON.stringify(schema.enum)}`);
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf as Schema[]) errors.push(...validate(description, part, value, at));
  if (Array.isArray(schema.oneOf)) {
    const matching = (schema.oneOf as Schema[]).filter((part) => validate(description, part, value, at).length === 0).length;
    if (matching !== 1) errors.push(`${at}: must match exactly one of ${schema.oneOf.length} alternatives (matched ${matching})`);
  }
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((part) => validate(description, part, value, at).length === 0))
    errors.push(`${at}: must match one of ${schema.anyOf.length} alternatives`);
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
  }
  if (actual === 'array' && schema.items)
    (value as unknown[]).forEach((item, i) => errors.push(...validate(description, schema.items as Schema, item, `${at}[${i}]`)));
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) if (!(name in object)) errors.push(`${at}.${name}: required`);
    for (const [name, item] of Object.entries(object)) {
      if (properties[name]) errors.push(...validate(description, properties[name], item, `${at}.${name}`));
      // Stricter than JSON Schema: a property the description does not name is a typo, not an extension.
      else if (schema.additionalProperties === false || (schema.properties && schema.additionalProperties === undefined))
        errors.push(`${at}.${name}: not a property of this schema`);
      else if (typeof schema.additionalProperties === 'object')
        errors.push(...validate(description, schema.additionalProperties as Schema, item, `${at}.${name}`));
    }
  }
  return errors;
}

function pathPattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_all, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

const compiledPaths = new WeakMap<Description, { template: string; item: Record<string, Schema>; pattern: RegExp; names: string[] }[]>();

/** The description's paths as patterns, literal segments first (`/issues/comments` is no issue "comments"). */
function compiled(description: Description) {
  let list = compiledPaths.get(description);
  if (!list) {
    list = Object.entries(description.paths)
      .map(([template, item]) => ({ template, item, ...pathPattern(template) }))
      .sort((a, b) => a.names.length - b.names.length);
    compiledPaths.set(description, list);
  }
  return list;
}

/** Is `method path` (path without the server's base) with this JSON body an operation the description allows? */
export function checkRequest(description: Description, method: string, path: string, body: unknown): RequestCheck {
  const verb = method.toLowerCase();
  let wrongMethod: string | undefined;
  for (const { template, item, pattern, names } of compiled(description)) {
    const match = pattern.exec(path);
    if (!match) continue;
    const operation = item[verb];
    if (!operation) {
      wrongMethod ??= `${method} is not an operation of ${template}`;
      continue;
    }
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    const errors: string[] = [];
    for (const raw of (operation.parameters ?? []) as Schema[]) {
      const parameter = resolve(description, raw);
      if (parameter.in !== 'path') continue;
      const value = params[parameter.name as string] ?? '';
      const schema = resolve(description, parameter.schema as Schema);
      const typed = schema.type === 'integer' ? (/^\d+$/.test(value) ? Number(value) : value) : value;
      errors.push(...validate(description, schema, typed, `path.${String(parameter.name)}`));
    }
    const requestBody = operation.requestBody ? resolve(description, operation.requestBody as Schema) : undefined;
    const content = (requestBody?.content as Record<string, Schema> | undefined)?.['application/json'];
    if (body === undefined) {
      if (requestBody?.required) errors.push('body: required');
    } else if (!content) errors.push('body: this operation takes no JSON body');
    else errors.push(...validate(description, content.schema as Schema, body, 'body'));
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, operation: { operationId: String(operation.operationId), template, params } };
  }
  return { ok: false, errors: [wrongMethod ?? `no operation matches ${method} ${path}`] };
}
