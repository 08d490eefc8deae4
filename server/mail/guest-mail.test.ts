/**
 * Guest reporters' e-mails (issue 18): a guest who started a thread is mailed when someone else
 * replies to it or resolves it — with a signed link to a page of their own thread, never the review
 * app's — not for their own answers, and not after unsubscribing. Over a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, threadBody, type TestServer } from '../testing/support.ts';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../testing/smtp-catcher.ts';
import { smtpTransport, type SmtpTransport } from './transport.ts';
import { mailServer, mailWorker, member, reply, WINDOW_MS, type Member } from '../testing/mail-kit.ts';
import { guestSignIn, setGuests } from '../testing/guests-kit.ts';

let smtp: SmtpCatcher;
let transport: SmtpTransport;
let s: TestServer;
let mia: Member;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  transport = smtpTransport({ smtpUrl: smtp.url, from: 'Pinmark <pinmark@example.com>', timeoutMs: 5000 });
  s = await mailServer();
  await setGuests(s, { guestReporting: true });
  mia = await member(s, 'Mia');
});
afterAll(async () => {
  await s.close();
  transport.close();
  await smtp.close();
});

/** The one-click link of an e-mail's List-Unsubscribe header (RFC 8058). */
const unsubscribeOf = (mail: CaughtMail): string =>
  /<([^>]+)>/.exec(mail.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')!.line.replace(/\r\n[ \t]+/g, ''))![1]!;
const to = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

async function guestThread(email: string, text: string) {
  const guest = await guestSignIn(s, { email, name: 'Gwen' });
  const res = await s.request('POST', `${API}/threads`, {
    token: guest.token,
    body: threadBody({ message: { ops: [{ insert: `${text}\n` }] } }),
  });
  if (res.status !== 200) throw new Error(res.text);
  return { guest, threadId: res.body.data.id as string };
}

describe("a guest reporter's e-mails", () => {
  it('come on a reply and on resolving, with the signed link to their thread page; not for their own answers', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send);
    const { guest, threadId } = await guestThread('gwen@visitor.example', 'The menu overlaps');
    await worker.drain();
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(to('gwen@visitor.example')).toHaveLength(0);

    await reply(s, mia, threadId, { ops: [{ insert: 'Fixed, thanks\n' }] });
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const [first] = to('gwen@visitor.example');
    expect(first!.parsed.text).toContain('Mia replied:\nFixed, thanks');
    expect(first!.parsed.text).toContain('you reported this thread');
    expect(first!.parsed.text).toMatch(
      new RegExp(`See the thread and answer: ${s.deps.config.publicUrl}/g/${threadId}\\.${guest.userId}\\.`),
    );
    expect(first!.parsed.text).not.toContain('/app/inbox/');
    expect(unsubscribeOf(first!)).toContain('/api/v2/unsubscribe?token=');

    // The guest's own answer mails the member, not the guest.
    await s.request('POST', `${API}/threads/${threadId}/messages`, { token: guest.token, body: { content: 'Great' } });
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(to('gwen@visitor.example')).toHaveLength(1);
    expect(to('mia@example.com').some((mail) => mail.parsed.text?.includes('Great'))).toBe(true);

    await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: mia.memberToken });
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(to('gwen@visitor.example')).toHaveLength(2);
    expect(to('gwen@visitor.example')[1]!.parsed.text).toContain('Mia resolved the thread.');
  });

  it('stop once the guest unsubscribes', async () => {
    smtp.mails.length = 0;
    const worker = mailWorker(s, transport.send);
    const { threadId } = await guestThread('quiet@visitor.example', 'Typo in the footer');
    await reply(s, mia, threadId, { ops: [{ insert: 'Which one?\n' }] });
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    const [mail] = to('quiet@visitor.example');
    const link = unsubscribeOf(mail!);
    const url = new URL(link);
    const res = await s.request('POST', `${url.pathname}${url.search}`, { rawBody: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    await reply(s, mia, threadId, { ops: [{ insert: 'Found it\n' }] });
    await s.request('POST', `${API}/threads/${threadId}/resolve`, { token: mia.memberToken });
    s.clock.advance(WINDOW_MS);
    await worker.drain();
    expect(to('quiet@visitor.example')).toHaveLength(1);
  });
});
