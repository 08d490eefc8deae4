/**
 * Request schemas of the review app's installation endpoints (issue 16; docs/api-decisions.md,
 * "Review app").
 */
import { z } from 'zod';

/** `POST /installations/:id/origins` (issue 16): an http(s) URL, kept as its origin. */
export const allowOriginSchema = z
  .object({
    origin: z
      .string()
      .trim()
      .max(2048)
      .transform((value, ctx) => {
        try {
          const url = new URL(value);
          if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
        } catch {
          /* answered below */
        }
        ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://www.example.com' });
        return z.NEVER;
      }),
  })
  .strict();
