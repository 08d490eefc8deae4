/**
 * GET /api/v2/openapi.json: the API described by the schemas it validates with. Public (no
 * credential: describing the API reveals nothing a caller could not learn from its errors), and
 * mounted under /api so it gets the API's CORS and version header like every other answer.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-deps.ts';
import { openApiJson } from './document.ts';

export function openApiRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/openapi.json', (c) => c.body(openApiJson(), 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  return routes;
}
