/**
 * E-mail notifications end to end on the server: events recorded by the API's own writes fan out
 * to the right members (mentioned, participants, assignee; never the actor; as their settings
 * allow), a thread's events for one person within the window make one e-mail, and that e-mail
 * reaches a real SMTP server with the message rendered from its Delta (escaped), a link to the
 * thread in the review app and RFC 8058 unsubscribe headers. An SMTP failure is retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TestServer } from '../testing/support.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher.ts';
import { smtpTransport, type SmtpTransport } from './transport.ts';
import { mailServer, mailWorker, member, mentionDelta, reply, startThread, WINDOW_MS, type Member } from '../testing/mail-kit.ts';

let smtp: SmtpCatcher;
let transport: SmtpTransport;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  transport = smtpTransport({ smtpUrl: smtp.url, from: 'Pinmark <pinmark@example.com>', timeoutMs: 5000 });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});

const byRecipient = () => new Map(smtp.mails.map((mail) => [mail.to[0], mail]));

describe('e-mail notifications over SMTP', () => {
  let s: TestServer;
  let ann: Member;
  let ben: Member;
  let cat: Member;
  beforeAll(async () => {
    s = await mailServer();
    [ann, ben, cat] = [await member(s, 'Ann'), await member(s, 'Ben'), await member(s, 'Cat')];
  });
  afterAll(async () => {
    await s.close();
  });

  it('mails the mentioned member and the participants, not the actor, one e-mail per thread and window', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send);
    const threadId = await startThread(s, ann, mentionDelta('Price <b>wrong</b> & broken, ask ', { id: ben.userId, name: 'Ben' }));
    await reply(s, cat, threadId, {
      ops: [{ insert: 'Agreed, ' }, { insert: 'see here', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' }],
    });
    await reply(s, ann, threadId, mentionDelta('Thanks! cc ', { id: ben.userId, name: 'Ben' }));
    // Nothing before the window has passed: the events gather.
    await worker.drain();
    expect(smtp.mails).toHaveLength(0);
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const mails = byRecipient();
    // Ben: mentioned twice (one e-mail); Cat: a participant when Ann answered; Ann: the thread's author when Cat replied.
    expect([...mails.keys()].sort()).toEqual(['ann@example.com', 'ben@example.com', 'cat@example.com']);
    const toBen = mails.get('ben@example.com')!.parsed;
    expect(toBen.subject).toMatch(/^\[.*\] #\d+ Price <b>wrong<\/b> & broken, ask @Ben \(2 updates\)$/);
    expect(toBen.text).toContain('Ann started the thread:\nPrice <b>wrong</b> & broken, ask @Ben');
    expect(toBen.text).toContain('Ann replied:\nThanks! cc @Ben');
    expect(toBen.text).not.toContain('Cat replied');
    expect(toBen.text).toContain('you were mentioned');
    expect(mails.get('cat@example.com')!.parsed.text).not.toContain('Ann started');
    expect(toBen.html).toContain('Price &#60;b&#62;wrong&#60;/b&#62; &#38; broken, ask <strong>@Ben</strong>');
    expect(toBen.html).not.toContain('<b>wrong</b>');
    expect(toBen.html).not.toContain('javascript:');
    expect(toBen.text).toContain(`Open the thread: ${s.deps.config.publicUrl}/app/inbox/${threadId}`);
    const header = (name: string) => toBen.headerLines.find((line) => line.key === name)?.line.replace(/\r\n[ \t]+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(
      new RegExp(`^List-Unsubscribe: <${s.deps.config.publicUrl}/api/v2/unsubscribe\\?token=[\\w.%-]+>$`),
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Ann hears only of Cat's reply.
    const toAnn = mails.get('ann@example.com')!.parsed;
    expect(toAnn.text).toContain('Cat replied:');
    expect(toAnn.text).not.toContain('Ann started');
    expect(toAnn.subject).not.toContain('updates');
    // Sent once: draining again sends nothing.
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(smtp.mails).toHaveLength(3);
    const jobs = await s.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM mail_jobs GROUP BY status');
    expect(jobs).toEqual([{ status: 'sent', n: 3 }]);
  });

  it('mails the assignee and resolutions, as each member’s settings allow', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send);
    const threadId = await startThread(s, ann, mentionDelta('Logo is blurry'));
    // Cat wants nothing but mentions.
    const put = await s.request('PUT', `${API}/me/notification-settings`, {
      token: cat.memberToken,
      body: { mentions: true, assigned: false, participating: false, allThreads: false },
    });
    expect(put.status, put.text).toBe(200);
    await reply(s, cat, threadId, mentionDelta('On it'));
    const triage = await s.request('PATCH', `${API}/threads/${threadId}/triage`, {
      token: ann.memberToken,
      body: { assigneeId: ben.userId },
    });
    expect(triage.status, triage.text).toBe(200);
    expect((await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: ann.memberToken })).status).toBe(200);
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const mails = byRecipient();
    expect([...mails.keys()].sort()).toEqual(['ann@example.com', 'ben@example.com']);
    const toBen = mails.get('ben@example.com')!.parsed;
    expect(toBen.text).toContain('This thread was assigned to you.');
    expect(toBen.text).toContain('Ann resolved the thread.');
    expect(toBen.text).toContain('the thread is assigned to you');
    expect(mails.get('ann@example.com')!.parsed.text).toContain('Cat replied:');
  });

  it('does not mail a member who assigns a thread to themselves', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send);
    const threadId = await startThread(s, ann, mentionDelta('Footer overlaps'));
    // The worker fans the new thread out within a second, long before anyone takes it.
    await worker.drain();
    const triage = await s.request('PATCH', `${API}/threads/${threadId}/triage`, {
      token: ben.memberToken,
      body: { assigneeId: ben.userId },
    });
    expect(triage.status, triage.text).toBe(200);
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const events = await s.db.query<{ payload: { assignedById: string } }>(
      `SELECT payload FROM mail_events WHERE event_type = 'thread_assigned' AND payload->>'threadId' = $1`,
      [threadId],
    );
    expect(events.map((event) => event.payload.assignedById)).toEqual([ben.userId]);
    expect(smtp.mails.filter((mail) => mail.to[0] === 'ben@example.com').map((mail) => mail.parsed.text)).toEqual([]);
  });

  it('retries a mail the SMTP server refused, and sends it once', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send, { random: () => 0.5 });
    const threadId = await startThread(s, ann, mentionDelta('Footer overlaps ', { id: cat.userId, name: 'Cat' }));
    smtp.refuseNext(1);
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(smtp.mails).toHaveLength(0);
    const [job] = await s.db.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM mail_jobs WHERE thread_id = $1',
      [threadId],
    );
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toContain('451');
    s.clock.advance(60_000);
    await worker.drain();
    expect(smtp.mails.map((mail) => mail.to[0])).toEqual(['cat@example.com']);
  });
});
