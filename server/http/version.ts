/**
 * The `Service-API-Version` contract: a missing header means the reference version, any other
 * value is refused so clients never get silently different behaviour. Every response says which
 * version answered.
 */
import type { MiddlewareHandler } from 'hono';
import type { SERVICE_API_VERSION } from '../../src/api/wire.ts';
import { ApiError } from '../domain/errors.ts';

export const API_VERSION: typeof SERVICE_API_VERSION = '2023-02-22';
export const VERSION_HEADER = 'Service-API-Version';

export const apiVersion: MiddlewareHandler = async (c, next) => {
  c.header(VERSION_HEADER, API_VERSION);
  const sent = c.req.header(VERSION_HEADER);
  if (c.req.method !== 'OPTIONS' && sent !== undefined && sent.trim() !== API_VERSION) {
    throw new ApiError(400, 'unsupported_api_version', `Service-API-Version "${sent}" is not supported; use ${API_VERSION}`);
  }
  await next();
  c.header(VERSION_HEADER, API_VERSION);
};
