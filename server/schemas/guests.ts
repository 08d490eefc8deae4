/**
 * Request schemas of guest reporting (issue 18; docs/api-decisions.md, "Guest reporting"): the
 * challenge, the guest sign-in, the installation's guest settings and the guest page's reply form.
 */
import { z } from 'zod';

export const guestChallengeSchema = z.object({ publicKey: z.string().min(1).max(200) }).strict();

export const guestSignInSchema = z
  .object({
    publicKey: z.string().min(1).max(200),
    markupId: z.string().min(1).max(100),
    name: z.string().trim().min(1, 'name: tell the team who you are').max(100),
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'email: an e-mail address such as ada@example.com, where the team answers you' }))
      .transform((value) => value.toLowerCase()),
    browserKey: z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'browserKey must be 22–128 characters of A–Z, a–z, 0–9, _ and -'),
    challenge: z.string().min(1).max(400),
    nonce: z.string().regex(/^\d{1,20}$/, 'nonce must be 1–20 decimal digits'),
  })
  .strict();

export const updateInstallationSchema = z
  .object({
    guestReporting: z.boolean().optional(),
    guestDailyThreadCap: z.number().int().min(0).max(100_000).optional(),
  })
  .strict()
  .refine((value) => value.guestReporting !== undefined || value.guestDailyThreadCap !== undefined, {
    message: 'Send guestReporting, guestDailyThreadCap or both',
  });

/** The guest page's reply form (application/x-www-form-urlencoded). */
export const guestReplySchema = z.object({ text: z.string().trim().min(1, 'Write an answer first').max(10_000) });
