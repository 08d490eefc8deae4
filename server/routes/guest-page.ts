/**
 * A guest reporter's page of their own thread (issue 18; docs/api-decisions.md, "Guest reporting"),
 * reached by the signed link in their e-mails (mail/guest-link.ts) without an account: `GET /g/:token`
 * shows the thread — every message as plain text, nothing of it as HTML — and a form whose `POST`
 * answers as the guest (then back to the page, so a reload does not post twice). The link names one
 * thread and one guest and is checked against the database on every request: the guest must have
 * started the thread, and a blocked guest reads but cannot answer. Served under a strict CSP (no
 * script at all, one nonce'd stylesheet, forms only to this server), never cached, never framed, and
 * with no Referer, since the URL is the credential.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { queryOne } from '../db/db.ts';
import type { Caller } from '../domain/viewer.ts';
import { messageBodyFrom } from '../model/messages.ts';
import { createAnnouncedReply } from '../model/comment-writes.ts';
import { guestStanding } from '../model/guests.ts';
import { escapeHtml } from '../mail/delta-html.ts';
import { unsubscribeSecret } from '../mail/state.ts';
import { verifyGuestThreadToken } from '../mail/guest-link.ts';
import { unsubscribeToken } from '../mail/unsubscribe-token.ts';
import { guestReplySchema } from '../schemas/guests.ts';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
h1{font-size:1.3rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 1.5rem}.msg{border-left:3px solid #ddd;padding:.25rem 0 .25rem .75rem;margin:0 0 1rem}
.who{font-weight:600}.when{color:#777;font-size:.85rem;margin-left:.5rem}.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0 0}
textarea{width:100%;box-sizing:border-box;min-height:6rem;font:inherit;padding:.5rem}button{font:inherit;padding:.5rem 1rem;margin-top:.5rem}
.note{background:#f4f4f4;padding:.75rem;border-radius:4px}.foot{color:#777;font-size:.8rem;margin-top:2rem}`;

interface GuestThread {
  id: string;
  number: number;
  url: string | null;
  resolved: boolean;
  workspace_id: string;
  markup_id: string;
  markup_name: string;
  read_only: boolean;
}

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 400 | 403 | 404 = 200): Response {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>` +
      `<body>${body}</body></html>`,
    status,
  );
}

const notFoundPage = (c: Context<AppEnv>) =>
  page(c, 'Thread not found', '<h1>This link does not open a thread</h1><p>It was changed, or the thread was deleted.</p>', 404);

export function guestPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { db, clock } = deps;

  /** The thread and guest a valid link names, when the guest started that thread. */
  async function linked(c: Context<AppEnv>) {
    const secret = await unsubscribeSecret(db, clock.now());
    const named = verifyGuestThreadToken(secret, c.req.param('token') ?? '');
    if (!named) return undefined;
    const thread = await queryOne<GuestThread>(
      db,
      `SELECT t.id, t.number, t.url, t.resolved, m.workspace_id, m.id AS markup_id, m.name AS markup_name, m.read_only
       FROM threads t JOIN markups m ON m.id = t.markup_id JOIN guests g ON g.user_id = t.author_user_id
       WHERE t.id = $1 AND t.author_user_id = $2 AND m.deleted_at IS NULL`,
      [named.threadId, named.userId],
    );
    return thread && { thread, userId: named.userId, secret };
  }

  routes.get('/g/:token', async (c) => {
    const found = await linked(c);
    if (!found) return notFoundPage(c);
    const { thread, userId, secret } = found;
    const messages = await db.query<{ name: string; plain_text: string; created_at: Date; author_user_id: string }>(
      `SELECT u.name, m.plain_text, m.created_at, m.author_user_id FROM messages m JOIN users u ON u.id = m.author_user_id
       WHERE m.thread_id = $1 ORDER BY m.seq`,
      [thread.id],
    );
    const { blocked } = await guestStanding(db, userId, {});
    const title = messages[0]?.plain_text.split('\n')[0]?.slice(0, 80) || 'Your report';
    const unsubscribe = `${deps.config.publicUrl}/api/v2/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId))}`;
    const list = messages
      .map(
        (m) =>
          `<div class="msg"><span class="who">${escapeHtml(m.author_user_id === userId ? `${m.name} (you)` : m.name)}</span>` +
          `<span class="when">${escapeHtml(m.created_at.toISOString().slice(0, 16).replace('T', ' '))} UTC</span>` +
          `<p class="text">${escapeHtml(m.plain_text.trimEnd())}</p></div>`,
      )
      .join('');
    const sent = c.req.query('sent') === '1' ? '<p class="note" role="status">Your answer was sent to the team.</p>' : '';
    const form = blocked
      ? '<p class="note">The team of this site has blocked this address from answering.</p>'
      : thread.read_only
        ? '<p class="note">The team has paused new comments on this site for now.</p>'
        : `<form method="post"><label for="text">Your answer</label><textarea id="text" name="text" required maxlength="10000"></textarea>` +
          `<button type="submit">Send answer</button></form>`;
    return page(
      c,
      `#${thread.number} ${title}`,
      `<h1>#${thread.number} ${escapeHtml(title)}</h1>` +
        `<p class="meta">${escapeHtml(thread.markup_name)}${thread.url ? ` · ${escapeHtml(thread.url)}` : ''} · ${thread.resolved ? 'Resolved' : 'Open'}</p>` +
        `${list}${sent}${form}` +
        `<p class="foot">Only people with this link see this page. <a href="${escapeHtml(unsubscribe)}">Stop e-mails about my reports</a></p>`,
    );
  });

  routes.post('/g/:token', async (c) => {
    const found = await linked(c);
    if (!found) return notFoundPage(c);
    const { thread, userId } = found;
    const parsed = guestReplySchema.safeParse(await c.req.parseBody());
    if (!parsed.success)
      return page(c, 'Nothing sent', `<h1>Nothing was sent</h1><p>${escapeHtml(parsed.error.issues[0]!.message)}.</p>`, 400);
    const { blocked } = await guestStanding(db, userId, {});
    if (blocked)
      return page(c, 'Nothing sent', '<h1>Nothing was sent</h1><p>The team of this site has blocked this address from answering.</p>', 403);
    if (thread.read_only)
      return page(c, 'Nothing sent', '<h1>Nothing was sent</h1><p>The team has paused new comments on this site for now.</p>', 403);
    const body = messageBodyFrom({ content: parsed.data.text })!;
    const caller: Caller = {
      kind: 'exchange',
      tokenId: '',
      workspaceId: thread.workspace_id,
      userId,
      markupId: thread.markup_id,
      expiresAt: Number.MAX_SAFE_INTEGER,
      guest: true,
    };
    const now = clock.now();
    await createAnnouncedReply(db, caller, clock, {
      threadId: thread.id,
      workspaceId: thread.workspace_id,
      body,
      fileIds: [],
      now,
      viewerUserId: userId,
    });
    return c.redirect(`${new URL(c.req.url).pathname}?sent=1`, 303);
  });

  return routes;
}
