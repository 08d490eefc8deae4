/**
 * Request schemas of the webhook registration endpoints (§4.10), with the rules recorded in
 * docs/api-decisions.md ("Events and webhooks"): where a receiver may live and which event types
 * a registration may name. Which addresses a receiver may have is checked by the route
 * (server/net/target-check.ts), as it needs the configuration's allow-list and DNS.
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/api/wire.ts';
import { isLoopbackHost } from '../net/address-rules.ts';

/** Why a receiver URL is refused, or null when it is fine. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  // Plain http only where nothing crosses a network: a receiver on the server's own machine.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'must be https (http only for localhost)';
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  return null;
}

export const webhookUrlSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(2048, 'at most 2048 characters')
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Repeated types are kept once, in first-seen order; `[]` means every type. */
export const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`))
  .max(50, 'at most 50 entries')
  .transform((types): WebhookEventType[] => [...new Set(types)]);

export const createWebhookRegistrationSchema = z.object({
  url: webhookUrlSchema,
  workspaceId: z.string().min(1, 'must not be empty').max(100),
  eventTypes: eventTypesSchema.optional(),
  enabled: z.boolean(),
});

export const updateWebhookRegistrationSchema = z.object({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema.optional(),
  enabled: z.boolean(),
});

export const listWebhookRegistrationsQuerySchema = z.object({
  workspaceId: z.string().min(1, 'required').max(100),
});
