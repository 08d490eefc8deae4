/**
 * Request schemas of the §4.1 authentication endpoints (docs/api-decisions.md, "Authentication"):
 * the installation-config query, the customer-JWT exchange, the SDK exchange and the query of the
 * one-time SDK sign-in result. The routes and the OpenAPI document both use these objects.
 */
import { z } from 'zod';

const STATE_RE = /^[A-Za-z0-9_-]{22,128}$/;

export const authConfigQuerySchema = z.object({
  publicKey: z.string({ error: 'publicKey is required' }).min(1).max(200),
  /** The page's origin, to learn before any sign-in whether this installation allows it (decided extra). */
  origin: z.string().max(2048).optional(),
});

export const exchangeSchema = z.object({ token: z.string().min(1).max(16_384) });

export const sdkExchangeSchema = z.object({
  publicKey: z.string().min(1).max(200),
  markupId: z.string().min(1).max(100),
  sdkOrigin: z.string().min(1).max(2048),
  state: z.string().regex(STATE_RE, 'state must be 22–128 characters of A–Z, a–z, 0–9, _ and -').optional(),
});

export const sdkExchangeResultQuerySchema = z.object({
  state: z.string({ error: 'state is required' }).min(1).max(200),
  publicKey: z.string({ error: 'publicKey is required' }).min(1).max(200),
  markupId: z.string({ error: 'markupId is required' }).min(1).max(100),
});

/** `POST /auth/member-session` (issue 16): which workspace to open, optionally. */
export const memberSessionSchema = z.object({ workspaceId: z.string().max(64).optional() }).strict();
