/**
 * The mail queue under load and concurrency: 100 events on one thread within the window make one
 * e-mail per recipient, and two mail workers on one database — fanning out and sending at the same
 * time — send every e-mail exactly once with every event in it. On PGlite, which serializes
 * everything, this proves the claim logic; in the `server-pg` project the same test runs on
 * PostgreSQL, where the row locks (SKIP LOCKED, the open-job index's ON CONFLICT) do the work.
 * And the week-old rows go, never an open or pending one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TestServer } from '../testing/support.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher.ts';
import { smtpTransport, type SmtpTransport } from './transport.ts';
import { MAIL_RETENTION_MS, sweepMail } from './sweep.ts';
import { mailServer, mailWorker, member, mentionDelta, reply, startThread, WINDOW_MS, type Member } from '../testing/mail-kit.ts';

let smtp: SmtpCatcher;
let transport: SmtpTransport;
let s: TestServer;
let ann: Member;
let ben: Member;
let cat: Member;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  transport = smtpTransport({ smtpUrl: smtp.url, from: 'Pinmark <pinmark@example.com>', timeoutMs: 5000 });
  s = await mailServer();
  [ann, ben, cat] = [await member(s, 'Ann'), await member(s, 'Ben'), await member(s, 'Cat')];
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await s.close();
});

const countBy = (values: string[]) => values.reduce((counts, v) => counts.set(v, (counts.get(v) ?? 0) + 1), new Map<string, number>());

describe('the mail queue', () => {
  it('makes one e-mail per recipient of 100 events on one thread within the window', async () => {
    smtp.mails.length = 0;
    await s.request('PUT', `${API}/me/notification-settings`, {
      token: ben.memberToken,
      body: { mentions: true, assigned: true, participating: true, allThreads: true },
    });
    const threadId = await startThread(s, ann, mentionDelta('Event 1'));
    for (let i = 2; i <= 100; i++) await reply(s, cat, threadId, mentionDelta(`Event ${i}`));
    const worker = mailWorker(s, transport.send);
    await worker.drain();
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    // Ben follows everything (100 events), Ann started it (99 replies); Cat wrote all she would hear of.
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual(['ann@example.com', 'ben@example.com']);
    const toBen = smtp.mails.find((mail) => mail.to[0] === 'ben@example.com')!.parsed;
    expect(toBen.subject).toContain('(100 updates)');
    expect(toBen.text).toContain('Event 1\n');
    expect(toBen.text).toContain('Event 100\n');
    expect(smtp.mails.find((mail) => mail.to[0] === 'ann@example.com')!.parsed.subject).toContain('(99 updates)');
    await s.request('PUT', `${API}/me/notification-settings`, {
      token: ben.memberToken,
      body: { mentions: true, assigned: true, participating: true, allThreads: false },
    });
  });

  it('two workers fan out and send every e-mail exactly once', async () => {
    smtp.mails.length = 0;
    const THREADS = 12;
    for (let i = 0; i < THREADS; i++) {
      const threadId = await startThread(s, ann, mentionDelta(`Thread ${i} `, { id: ben.userId, name: 'Ben' }));
      await reply(s, cat, threadId, mentionDelta('Seen ', { id: ben.userId, name: 'Ben' }));
      await reply(s, ann, threadId, mentionDelta('Fixed ', { id: ben.userId, name: 'Ben' }));
    }
    // A slow SMTP answer keeps one worker's batch in flight while the other claims.
    const slowSend: typeof transport.send = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      await transport.send(mail);
    };
    const [a, b] = [mailWorker(s, slowSend, { batchSize: 3 }), mailWorker(s, slowSend, { batchSize: 3 })];
    const fannedOut = await Promise.all([a.drain(), b.drain()]);
    expect(fannedOut[0] + fannedOut[1]).toBe(THREADS * 3);
    expect(smtp.mails).toHaveLength(0);
    s.clock.advance(WINDOW_MS);
    const sent = await Promise.all([a.drain(), b.drain()]);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
    // Ben: every thread, its 3 events in one e-mail; Ann: Cat's reply; Cat: Ann's second message.
    const recipients = countBy(smtp.mails.map((mail) => mail.to[0]!));
    expect(Object.fromEntries(recipients)).toEqual({ 'ann@example.com': THREADS, 'ben@example.com': THREADS, 'cat@example.com': THREADS });
    const ids = smtp.mails.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(THREADS * 3);
    for (const mail of smtp.mails.filter((m) => m.to[0] === 'ben@example.com')) expect(mail.parsed.subject).toContain('(3 updates)');
    const jobs = await s.db.query<{ status: string; attempts: number }>(
      `SELECT DISTINCT status, attempts FROM mail_jobs WHERE created_at >= $1::timestamptz - interval '1 hour'`,
      [new Date(s.clock.now()).toISOString()],
    );
    expect(jobs).toEqual([{ status: 'sent', attempts: 1 }]);
  });
});

describe('sweepMail', () => {
  it('removes fanned-out events and finished jobs after a week, never open or pending ones', async () => {
    const count = async () =>
      (await s.db.query<{ n: number }>(`SELECT (SELECT count(*) FROM mail_events) + (SELECT count(*) FROM mail_jobs) AS n`))[0]!.n;
    const threadId = await startThread(s, ann, mentionDelta('Kept open ', { id: ben.userId, name: 'Ben' }));
    const worker = mailWorker(s, transport.send);
    await worker.drain();
    const open = await s.db.query('SELECT 1 FROM mail_jobs WHERE thread_id = $1 AND status = $2', [threadId, 'open']);
    expect(open).toHaveLength(1);
    expect(Number(await count())).toBeGreaterThan(1);
    expect(await sweepMail(s.db, s.clock.now())).toBe(0);
    const removed = await sweepMail(s.db, s.clock.now() + MAIL_RETENTION_MS + WINDOW_MS * 3);
    expect(removed).toBeGreaterThan(0);
    const left = await s.db.query<{ status: string }>('SELECT status FROM mail_jobs');
    expect(left).toEqual([{ status: 'open' }]);
    expect(await s.db.query('SELECT 1 FROM mail_events')).toHaveLength(0);
  });
});
