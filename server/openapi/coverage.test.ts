/**
 * The route table and the Hono app agree: every route the app serves under /api/v2 has a row,
 * and every row is a route the app serves. A new route without a row fails here. Also: the
 * document is served without credentials, with the API's CORS and version headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { buildOpenApiDocument } from './document.ts';
import { routesDoc } from './routes-doc.ts';

let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

/** `/api/v2/markups/:id{[0-9a-f]{8}…}` → `/markups/{id}`: Hono's patterns never contain a slash. */
function openApiPath(honoPath: string): string {
  return honoPath
    .slice(API.length)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1).replace(/\{.*$/, '').replace(/\?$/, '')}}` : segment))
    .join('/');
}

function appRoutes(): Set<string> {
  // Middleware is registered as method ALL (use()); handlers under /api/v2 never are.
  return new Set(
    s.app.routes.filter((r) => r.path.startsWith(`${API}/`) && r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`),
  );
}

describe('route coverage', () => {
  it('documents every /api/v2 route of the app, and nothing the app does not serve', () => {
    const served = appRoutes();
    const documented = new Set(routesDoc.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    expect(served.size).toBeGreaterThan(60);
    expect(
      [...served].filter((route) => !documented.has(route)),
      'routes without a row in server/openapi/routes-doc*.ts',
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !served.has(route)),
      'rows without a route in the app',
    ).toEqual([]);
    expect(documented.size).toBe(routesDoc.length);
  });

  it('turns Hono paths into OpenAPI templates', () => {
    expect(openApiPath(`${API}/markups/:id{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}}/reviews`)).toBe('/markups/{id}/reviews');
    expect(openApiPath(`${API}/users/external/:externalId`)).toBe('/users/external/{externalId}');
  });
});

describe('GET /api/v2/openapi.json', () => {
  it('is served without credentials, with CORS and the version header', async () => {
    const res = await s.request('GET', `${API}/openapi.json`, { headers: { Origin: 'https://docs.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    expect(res.headers.get('service-api-version')).toBe('2023-02-22');
    expect(res.body).toEqual(buildOpenApiDocument());
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(40);
  });

  it('answers the same bytes every time (built once per process)', async () => {
    const first = await s.request('GET', `${API}/openapi.json`);
    const second = await s.request('GET', `${API}/openapi.json`);
    expect(second.text).toBe(first.text);
  });

  it('refuses an unknown Service-API-Version like every API route', async () => {
    const res = await s.request('GET', `${API}/openapi.json`, { headers: { 'Service-API-Version': '1999-01-01' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_api_version');
  });
});
