/**
 * What the connectors say about a thread and a message, read at sending time (so a screenshot
 * that arrived after the thread is included): the first message's text, the element, the
 * browser, the diagnostics file and the screenshot by signed links, and the thread's link in the
 * review app. Plain text only: each connector formats it for its service.
 */
import { threadAppLink } from '../../src/api/wire/app-links.ts';
import { queryOne, type Db } from '../db/db.ts';
import { loadScreenshot } from '../model/screenshots.ts';
import { DIAGNOSTICS_FILENAME } from '../model/inbox.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { MessageContent, ThreadContent } from './connector.ts';

/** Links to the screenshot and diagnostics live this long (S3's longest presigned URL). */
const FILE_LINK_SECONDS = 7 * 24 * 60 * 60;
const TITLE_LENGTH = 80;

export interface ContentSources {
  db: Db;
  storage: ObjectStore;
  publicUrl: string;
}

function titleOf(text: string, number: number): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  if (!line) return `Feedback #${number}`;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

function browserLines(context: Record<string, unknown> | null): string[] {
  if (!context) return [];
  const text = (key: string) => (typeof context[key] === 'string' || typeof context[key] === 'number' ? String(context[key]) : '');
  const lines = [
    [text('browserName'), text('browserVersion')].filter(Boolean).join(' '),
    [text('os'), text('osVersion')].filter(Boolean).join(' '),
    text('viewportWidth') && text('viewportHeight') ? `viewport ${text('viewportWidth')}×${text('viewportHeight')}` : '',
    text('screenWidth') && text('screenHeight') ? `screen ${text('screenWidth')}×${text('screenHeight')}` : '',
  ];
  return lines.filter(Boolean);
}

export async function threadContent(sources: ContentSources, threadId: string): Promise<ThreadContent | undefined> {
  const { db, storage } = sources;
  const row = await queryOne<{
    id: string;
    number: number;
    resolved: boolean;
    url: string | null;
    browser_context: Record<string, unknown> | null;
    markup_name: string;
    first_text: string | null;
    author_name: string | null;
    element: string | null;
    diagnostics_key: string | null;
  }>(
    db,
    `SELECT t.id, t.number, t.resolved, t.url, t.browser_context, m.name AS markup_name,
       (SELECT fm.plain_text FROM messages fm WHERE fm.thread_id = t.id ORDER BY fm.seq LIMIT 1) AS first_text,
       u.name AS author_name,
       (SELECT e.path FROM thread_elements e WHERE e.thread_id = t.id ORDER BY e.position LIMIT 1) AS element,
       (SELECT up.storage_key FROM messages dm JOIN message_attachments da ON da.message_id = dm.id
          JOIN uploads up ON up.id = da.upload_id
        WHERE dm.thread_id = t.id AND da.original_filename = $2 ORDER BY dm.seq LIMIT 1) AS diagnostics_key
     FROM threads t JOIN markups m ON m.id = t.markup_id JOIN users u ON u.id = t.author_user_id WHERE t.id = $1`,
    [threadId, DIAGNOSTICS_FILENAME],
  );
  if (!row) return undefined;
  const screenshot = await loadScreenshot(db, threadId);
  const text = (row.first_text ?? '').trim();
  return {
    id: row.id,
    number: row.number,
    title: titleOf(text, row.number),
    text,
    authorName: row.author_name ?? 'Someone',
    markupName: row.markup_name,
    pageUrl: row.url,
    element: row.element,
    browser: browserLines(row.browser_context),
    diagnosticsUrl: row.diagnostics_key ? storage.presignGet(row.diagnostics_key, FILE_LINK_SECONDS) : null,
    screenshotUrl: screenshot ? storage.presignGet(screenshot.storage_key, FILE_LINK_SECONDS) : null,
    appLink: threadAppLink(sources.publicUrl, row.id),
    resolved: row.resolved,
  };
}

export async function messageContent(db: Db, messageId: string): Promise<MessageContent | undefined> {
  const row = await queryOne<{ id: string; plain_text: string; name: string }>(
    db,
    'SELECT m.id, m.plain_text, u.name FROM messages m JOIN users u ON u.id = m.author_user_id WHERE m.id = $1',
    [messageId],
  );
  return row ? { id: row.id, authorName: row.name, text: row.plain_text.trim() } : undefined;
}

/** A thread for the test message a member sends from the review app. */
export function sampleThread(publicUrl: string): ThreadContent {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    number: 0,
    title: 'Pinmark test message',
    text: 'This is a test from Pinmark: the integration is set up.',
    authorName: 'Pinmark',
    markupName: 'Test',
    pageUrl: null,
    element: null,
    browser: [],
    diagnosticsUrl: null,
    screenshotUrl: null,
    appLink: `${publicUrl}/app/`,
    resolved: false,
  };
}
