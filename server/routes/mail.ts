/**
 * E-mail notifications (docs/api-decisions.md, "E-mail notifications"): a member's own settings
 * (`GET`/`PUT /me/notification-settings`), the RFC 8058 one-click unsubscribe every e-mail links to
 * (`POST /unsubscribe?token=…`, which mail providers call; `GET` answers a page with the button,
 * since link scanners open links without meaning to), in the demo only, the mails the server kept
 * or sent for the member's workspace (`GET /mail`, the review app's Mail page), and everywhere the
 * e-mails of the workspace that could not be delivered (`GET /mail/problems`): an unreachable SMTP
 * server never loses a comment, and the team sees what is being retried and what was given up.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { ApiError, forbidden } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { callerOf } from '../http/caller.ts';
import type { MemberCaller } from '../domain/viewer.ts';
import { queryOne } from '../db/db.ts';
import { loadSettings, NOTHING, saveSettings } from '../mail/settings.ts';
import { unsubscribeSecret } from '../mail/state.ts';
import { verifyUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { mailListQuerySchema, notificationSettingsSchema, unsubscribeQuerySchema } from '../mail/schemas.ts';
import { escapeHtml } from '../mail/delta-html.ts';
import type { KeptMail, MailProblem } from '../mail/wire.ts';

const PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; style-src 'unsafe-inline'";

function requireMember(c: Context<AppEnv>, what: string): MemberCaller {
  const caller = callerOf(c);
  if (caller.kind !== 'member')
    throw forbidden(`${what} belongs to workspace members signed in to the review app; this credential is not one`);
  return caller;
}

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 403 = 200): Response {
  c.header('Content-Security-Policy', PAGE_POLICY);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
      `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    status,
  );
}

export function mailRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  /** The user a valid token names, or a 403 for anything the server did not sign. */
  async function tokenUser(c: Context<AppEnv>): Promise<string> {
    const { token } = readQuery(c, unsubscribeQuerySchema);
    const userId = verifyUnsubscribeToken(await unsubscribeSecret(db, clock.now()), token);
    if (!userId) throw new ApiError(403, 'forbidden', 'This unsubscribe link is not valid (it was changed or not made by this server)');
    return userId;
  }

  routes.get('/me/notification-settings', async (c) => {
    const caller = requireMember(c, 'E-mail notification settings');
    return ok(c, (await loadSettings(db, [caller.userId])).get(caller.userId)!);
  });

  routes.put('/me/notification-settings', async (c) => {
    const caller = requireMember(c, 'E-mail notification settings');
    const settings = await readJson(c, notificationSettingsSchema);
    await saveSettings(db, caller.userId, settings, clock.now());
    return ok(c, settings);
  });

  routes.get('/unsubscribe', async (c) => {
    const userId = await tokenUser(c);
    const user = await queryOne<{ email: string | null }>(db, 'SELECT email FROM users WHERE id = $1', [userId]);
    const action = `${deps.config.publicUrl}/api/v2/unsubscribe?token=${encodeURIComponent(c.req.query('token')!)}`;
    return page(
      c,
      'Unsubscribe from Pinmark e-mails',
      `<p>${escapeHtml(user?.email ?? 'This address')} will get no more e-mails about feedback threads.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">Unsubscribe</button></form>`,
    );
  });

  // RFC 8058: the body is `List-Unsubscribe=One-Click`; the signed token alone decides. Repeating it
  // changes nothing, and it can only turn e-mail off for the user it was made for.
  routes.post('/unsubscribe', async (c) => {
    const userId = await tokenUser(c);
    const exists = await queryOne(db, 'SELECT 1 FROM users WHERE id = $1', [userId]);
    if (exists) await saveSettings(db, userId, NOTHING, clock.now());
    if ((c.req.header('accept') ?? '').includes('text/html'))
      return page(
        c,
        'Unsubscribed',
        '<p>You will get no more e-mails from Pinmark. Your settings in the review app turn them back on.</p>',
      );
    return ok(c, { unsubscribed: true });
  });

  routes.get('/mail', async (c) => {
    if (!deps.config.demo) throw new ApiError(404, 'not_found', 'No endpoint GET /api/v2/mail (the demo’s Mail page only)');
    const caller = requireMember(c, 'The demo’s Mail page');
    const { limit = 50 } = readQuery(c, mailListQuerySchema);
    const rows = await db.query<{
      id: string;
      thread_id: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string;
      items: unknown[];
      status: 'kept' | 'sent';
      finished_at: Date;
    }>(
      `SELECT id, thread_id, recipient, subject, text_body, html_body, items, status, finished_at FROM mail_jobs
       WHERE workspace_id = $1 AND status IN ('kept', 'sent') ORDER BY finished_at DESC, id LIMIT $2`,
      [caller.workspaceId, limit],
    );
    const mails: KeptMail[] = rows.map((row) => ({
      id: row.id,
      threadId: row.thread_id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      events: row.items.length,
      status: row.status,
      at: row.finished_at.toISOString(),
    }));
    return ok(c, { mails });
  });

  routes.get('/mail/problems', async (c) => {
    const caller = requireMember(c, 'Undelivered e-mails');
    const { limit = 50 } = readQuery(c, mailListQuerySchema);
    const rows = await db.query<{
      id: string;
      thread_id: string;
      email: string;
      status: 'pending' | 'failed';
      attempts: number;
      last_error: string;
      next_attempt_at: Date;
      finished_at: Date | null;
    }>(
      `SELECT j.id, j.thread_id, u.email, j.status, j.attempts, j.last_error, j.next_attempt_at, j.finished_at
       FROM mail_jobs j JOIN users u ON u.id = j.user_id
       WHERE j.workspace_id = $1 AND j.last_error IS NOT NULL AND j.status IN ('pending', 'failed')
       ORDER BY coalesce(j.finished_at, j.next_attempt_at) DESC, j.id LIMIT $2`,
      [caller.workspaceId, limit],
    );
    const problems: MailProblem[] = rows.map((row) => ({
      id: row.id,
      threadId: row.thread_id,
      to: row.email,
      status: row.status === 'failed' ? 'failed' : 'retrying',
      attempts: row.attempts,
      lastError: row.last_error,
      at: (row.status === 'failed' && row.finished_at ? row.finished_at : row.next_attempt_at).toISOString(),
    }));
    return ok(c, { problems });
  });

  return routes;
}
