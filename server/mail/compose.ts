/**
 * One e-mail from one job: the events it gathers (fanout.ts) about one thread, for one member —
 * subject, a plain-text part and an HTML part (messages rendered from their Delta, everything
 * escaped), the screenshot's thumbnail by a signed link, the link to the thread in the review app
 * (the app's own scheme, src/api/wire/app-links.ts) — for a guest reporter (issue 18) the signed
 * link to a page of their own thread (guest-link.ts) — and the RFC 8058 one-click unsubscribe headers.
 */
import type { Delta, WebhookCommentData } from '../../src/api/wire.ts';
import { threadAppLink } from '../../src/api/wire/app-links.ts';
import { queryOne, type Db } from '../db/db.ts';
import { deltaToPlainText } from '../domain/delta.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { loadScreenshot } from '../model/screenshots.ts';
import { deltaToHtml, escapeHtml } from './delta-html.ts';
import type { MailItem } from './fanout.ts';
import type { MailReason } from './recipients.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { guestThreadLink } from './guest-link.ts';

/** Screenshot links in e-mails live this long (S3's longest presigned URL); the thread link lasts. */
const THUMBNAIL_LINK_SECONDS = 7 * 24 * 60 * 60;

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface ComposeContext {
  db: Db;
  publicUrl: string;
  storage: ObjectStore;
  unsubscribeSecret: string;
}

const REASON_TEXT: Record<MailReason, string> = {
  mention: 'you were mentioned',
  assigned: 'the thread is assigned to you',
  participating: 'you take part in this thread',
  activity: 'you follow every thread of this workspace',
};

interface ItemText {
  headline: string;
  delta?: Delta;
}

function describe(item: MailItem): ItemText {
  if (item.type === 'thread_assigned') return { headline: 'This thread was assigned to you.' };
  const data = item.data as WebhookCommentData;
  const actor = data.actor.name || 'Someone';
  const delta = data.message?.messageJson as Delta | undefined;
  if (item.type === 'comment_created') return { headline: `${actor} started the thread:`, ...(delta ? { delta } : {}) };
  if (item.type === 'comment_reply_created') return { headline: `${actor} replied:`, ...(delta ? { delta } : {}) };
  if (item.type === 'comment_resolved') return { headline: `${actor} resolved the thread.` };
  return { headline: `${actor} changed the thread.` };
}

interface ThreadFacts {
  number: number;
  title: string;
  markup_name: string;
  url: string | null;
}

async function threadFacts(db: Db, threadId: string): Promise<ThreadFacts | undefined> {
  return queryOne<ThreadFacts>(
    db,
    `SELECT t.number, m.name AS markup_name, t.url,
       COALESCE((SELECT plain_text FROM messages WHERE thread_id = t.id ORDER BY seq LIMIT 1), '') AS title
     FROM threads t JOIN markups m ON m.id = t.markup_id WHERE t.id = $1`,
    [threadId],
  );
}

const firstLine = (text: string, max = 80) => {
  const line = text.split('\n')[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The mail of a job, or undefined when its thread or its recipient's address is gone. */
export async function composeMail(
  context: ComposeContext,
  job: { id: string; thread_id: string; user_id: string; items: MailItem[] },
): Promise<ComposedMail | undefined> {
  const { db, publicUrl } = context;
  const user = await queryOne<{ name: string; email: string | null }>(db, 'SELECT name, email FROM users WHERE id = $1', [job.user_id]);
  const thread = await threadFacts(db, job.thread_id);
  if (!user?.email || !thread) return undefined;
  const screenshot = await loadScreenshot(db, job.thread_id);
  const thumbnail = screenshot ? context.storage.presignGet(screenshot.storage_key, THUMBNAIL_LINK_SECONDS) : undefined;
  // Issue 18: a guest reporter has no account: their link opens a page of their own thread (routes/guest-page.ts).
  const guest = await queryOne(db, 'SELECT 1 FROM guests WHERE user_id = $1', [job.user_id]);
  const link = guest
    ? guestThreadLink(publicUrl, context.unsubscribeSecret, job.thread_id, job.user_id)
    : threadAppLink(publicUrl, job.thread_id);
  const unsubscribe = `${publicUrl}/api/v2/unsubscribe?token=${encodeURIComponent(unsubscribeToken(context.unsubscribeSecret, job.user_id))}`;
  const reasons = guest
    ? ['you reported this thread']
    : [...new Set(job.items.flatMap((item) => item.reasons))].map((reason) => REASON_TEXT[reason]);
  const title = firstLine(thread.title) || 'Untitled';
  const updates = job.items.length > 1 ? ` (${job.items.length} updates)` : '';
  const subject = `[${firstLine(thread.markup_name, 40)}] #${thread.number} ${title}${updates}`;
  const described = job.items.map(describe);
  const host = new URL(publicUrl).hostname;

  const text = [
    `#${thread.number} ${title}${thread.url ? ` — ${thread.url}` : ''}`,
    '',
    ...described.flatMap((item) => [item.headline, ...(item.delta ? [deltaToPlainText(item.delta), ''] : [''])]),
    ...(thumbnail ? [`Screenshot: ${thumbnail}`, ''] : []),
    `${guest ? 'See the thread and answer' : 'Open the thread'}: ${link}`,
    '',
    `You get this e-mail because ${reasons.join(', ')}.`,
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">',
    `<p style="color:#555">#${thread.number} ${escapeHtml(title)}${thread.url ? ` — ${escapeHtml(thread.url)}` : ''}</p>`,
    ...described.map(
      (item) =>
        `<div style="margin:0 0 16px"><p style="margin:0"><strong>${escapeHtml(item.headline)}</strong></p>${item.delta ? `<div style="border-left:3px solid #ddd;padding-left:12px">${deltaToHtml(item.delta)}</div>` : ''}</div>`,
    ),
    thumbnail
      ? `<p><a href="${escapeHtml(thumbnail)}"><img src="${escapeHtml(thumbnail)}" alt="Screenshot" width="320" style="max-width:100%;border:1px solid #ddd"></a></p>`
      : '',
    `<p><a href="${escapeHtml(link)}">${guest ? 'See the thread and answer' : 'Open the thread in Pinmark'}</a></p>`,
    `<p style="color:#777;font-size:12px">You get this e-mail because ${escapeHtml(reasons.join(', '))}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: user.email,
    subject,
    text,
    html,
    messageId: `<${job.id}@${host}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Mail clients thread every e-mail of one Pinmark thread together.
      References: `<thread-${job.thread_id}@${host}>`,
    },
  };
}
