/**
 * What the mail tests share: a test server with mail switched on, members of its demo workspace
 * signed in to the review app, a thread one of them started, and a mail worker on the server's
 * manual clock that sends to a real SMTP server (smtp-catcher.ts) or keeps the mails.
 */
import type { Delta } from '../../src/api/wire.ts';
import { signInMember } from './review-app.ts';
import { API, createTestServer, silentLogger, threadBody, type TestServer } from './support.ts';
import { setMailEnabled } from '../mail/state.ts';
import { createMailWorker, type MailWorker } from '../mail/sender.ts';
import type { SendMail } from '../mail/transport.ts';

export const WINDOW_MS = 60_000;

export interface Member {
  memberToken: string;
  userId: string;
}

export async function mailServer(): Promise<TestServer> {
  const s = await createTestServer();
  await setMailEnabled(s.db, true, s.clock.now());
  return s;
}

export function mailWorker(s: TestServer, send?: SendMail, extra: { batchSize?: number; random?: () => number } = {}): MailWorker {
  return createMailWorker({
    db: s.db,
    clock: s.clock,
    log: silentLogger,
    publicUrl: s.deps.config.publicUrl,
    storage: s.deps.storage,
    batchWindowMs: WINDOW_MS,
    ...(send ? { send } : {}),
    ...extra,
  });
}

export async function member(s: TestServer, name: string): Promise<Member> {
  const session = await signInMember(s, name, `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  return { memberToken: session.memberToken, userId: session.userId };
}

export function mentionDelta(text: string, mentioned?: { id: string; name: string }): Delta {
  return {
    ops: [{ insert: text }, ...(mentioned ? [{ insert: { mention: { id: mentioned.id, value: mentioned.name } } }] : []), { insert: '\n' }],
  };
}

export async function startThread(s: TestServer, author: Member, message: Delta): Promise<string> {
  const res = await s.request('POST', `${API}/threads`, {
    token: author.memberToken,
    body: threadBody({ projectId: s.seed.markupId, message }),
  });
  if (res.status !== 200) throw new Error(`thread: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export async function reply(s: TestServer, author: Member, threadId: string, message: Delta): Promise<void> {
  const res = await s.request('POST', `${API}/threads/${threadId}/messages`, { token: author.memberToken, body: { message } });
  if (res.status !== 200) throw new Error(`reply: ${res.status} ${res.text}`);
}
