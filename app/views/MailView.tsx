/**
 * The Mail page (/app/mail, issue 18): what the signed-in member is mailed about (four switches,
 * saved as they change) and, in the demo without SMTP_URL, the e-mails the server kept instead of
 * sending — subject, recipient, how many events each gathers, and the text — so a newcomer sees
 * them. Outside the demo the list says that mails are sent, not kept. Above them, the workspace's
 * e-mails the SMTP server did not take — being retried, or given up — with its answer, so a broken
 * mail setup is seen by the team rather than by nobody. Its words are its own (en, de) so the
 * shared dictionaries stay untouched.
 */
import { useEffect } from 'preact/hooks';
import type { NotificationSettings } from '../api/mail-api';
import { language } from '../i18n';
import { hrefFor } from '../router/router';
import { changeMailSetting, keptMails, loadMail, mailProblems, mailSettings, mailStatus } from '../state/mail';
import { AppLink } from './AppLink';

const WORDS = {
  en: {
    title: 'Mail',
    settings: 'E-mail me when',
    mentions: 'someone mentions me',
    assigned: 'a thread is assigned to me',
    participating: 'someone answers or resolves a thread I took part in',
    allThreads: 'anything happens in any thread of this workspace',
    saved: 'Saved',
    kept: 'E-mails of this demo server (kept instead of sent while SMTP_URL is not set)',
    none: 'No e-mails yet. Mention someone or answer their thread; e-mails go out two minutes later.',
    notDemo: 'This server sends e-mails; it keeps no copies to show here.',
    to: 'To',
    events: (n: number) => (n === 1 ? '1 event' : `${n} events`),
    problems: 'E-mails not delivered',
    retrying: (attempts: number) => `Retrying (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} so far), next`,
    failed: (attempts: number) => `Given up after ${attempts} attempts, on`,
    thread: 'Thread',
  },
  de: {
    title: 'E-Mail',
    settings: 'Mir eine E-Mail schicken, wenn',
    mentions: 'mich jemand erwähnt',
    assigned: 'mir ein Thread zugewiesen wird',
    participating: 'jemand in einem meiner Threads antwortet oder ihn erledigt',
    allThreads: 'in einem Thread dieses Workspace etwas passiert',
    saved: 'Gespeichert',
    kept: 'E-Mails dieses Demo-Servers (aufbewahrt statt verschickt, solange SMTP_URL fehlt)',
    none: 'Noch keine E-Mails. Erwähne jemanden oder antworte auf einen Thread; E-Mails gehen zwei Minuten später raus.',
    notDemo: 'Dieser Server verschickt E-Mails und bewahrt keine Kopien auf.',
    to: 'An',
    events: (n: number) => (n === 1 ? '1 Ereignis' : `${n} Ereignisse`),
    problems: 'Nicht zugestellte E-Mails',
    retrying: (attempts: number) => `Wird wiederholt (${attempts} ${attempts === 1 ? 'Versuch' : 'Versuche'} bisher), nächster`,
    failed: (attempts: number) => `Aufgegeben nach ${attempts} Versuchen, am`,
    thread: 'Thread',
  },
};

const KEYS: (keyof NotificationSettings)[] = ['mentions', 'assigned', 'participating', 'allThreads'];

export function MailView() {
  const words = WORDS[language.value];
  useEffect(loadMail, []);
  const settings = mailSettings.value;
  const mails = keptMails.value;
  const problems = mailProblems.value;
  const said = mailStatus.value;
  const status = !said ? '' : 'saved' in said ? words.saved : said.failure;

  return (
    <div class="page">
      <div class="page-head">
        <h1 class="page-title">{words.title}</h1>
      </div>
      {settings && (
        <fieldset class="mail-settings">
          <legend>{words.settings}</legend>
          {KEYS.map((key) => (
            <label key={key} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', margin: '0.35rem 0' }}>
              <input type="checkbox" checked={settings[key]} onChange={(event) => changeMailSetting(key, event.currentTarget.checked)} />
              <span style={{ margin: 0 }}>{words[key]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p class="muted" role="status">
        {status}
      </p>
      {problems.length > 0 && (
        <section aria-labelledby="mail-problems" class="notice notice--error" style={{ display: 'block' }}>
          <h2 id="mail-problems" style={{ fontSize: '1rem', marginTop: 0 }}>
            {words.problems}
          </h2>
          <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
            {problems.map((problem) => (
              <li key={problem.id}>
                {words.to} {problem.to} · <AppLink href={hrefFor(problem.threadId)}>{words.thread}</AppLink> ·{' '}
                {problem.status === 'failed' ? words.failed(problem.attempts) : words.retrying(problem.attempts)}{' '}
                {new Date(problem.at).toLocaleString(language.value)}: <code class="break">{problem.lastError}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {mails === 'not-demo' ? (
        <p class="muted">{words.notDemo}</p>
      ) : mails ? (
        <section aria-label={words.kept}>
          <h2 style={{ fontSize: '1rem' }}>{words.kept}</h2>
          {mails.length === 0 && <p class="muted">{words.none}</p>}
          {mails.map((mail) => (
            <details key={mail.id} style={{ borderTop: '1px solid var(--border, #ddd)', padding: '0.5rem 0' }}>
              <summary>
                <strong>{mail.subject}</strong>
                <span class="muted">
                  {' '}
                  — {words.to} {mail.to} · {words.events(mail.events)} · {new Date(mail.at).toLocaleString(language.value)}
                </span>
              </summary>
              <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: 'inherit' }}>{mail.text}</pre>
            </details>
          ))}
        </section>
      ) : null}
    </div>
  );
}
