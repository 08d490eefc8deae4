/**
 * The Mail page's state (issue 18): the member's notification settings (saved as they change), the
 * e-mails the demo server kept, and the workspace's e-mails that were not delivered. Each load starts
 * empty (another member may have signed in since) and an answer to an older load is dropped.
 */
import { signal } from '@preact/signals';
import { mailApi, type KeptMail, type MailProblem, type NotificationSettings } from '../api/mail-api';
import { describeFailure } from './errors';
import { credential } from './session';

export const mailSettings = signal<NotificationSettings | null>(null);
/** 'not-demo': the server sends its mails and keeps none to show. */
export const keptMails = signal<KeptMail[] | 'not-demo' | null>(null);
export const mailProblems = signal<MailProblem[]>([]);
/** The last word of the page: a change saved, or a failure in words. */
export const mailStatus = signal<{ saved: true } | { failure: string } | null>(null);

let generation = 0;
let api: ReturnType<typeof mailApi> | null = null;

export function loadMail(): void {
  const run = ++generation;
  const client = (api = mailApi(credential));
  mailSettings.value = null;
  keptMails.value = null;
  mailProblems.value = [];
  mailStatus.value = null;
  const failed = (error: unknown) => {
    if (run === generation) mailStatus.value = { failure: describeFailure(error) };
  };
  client.settings().then((settings) => void (run === generation && (mailSettings.value = settings)), failed);
  client.mails().then(
    (result) => void (run === generation && (keptMails.value = result.mails)),
    () => void (run === generation && (keptMails.value = 'not-demo')),
  );
  client.problems().then((result) => void (run === generation && (mailProblems.value = result.problems)), failed);
}

/** Shows the switch at once and saves it; says whether it was saved. */
export function changeMailSetting(key: keyof NotificationSettings, value: boolean): void {
  const settings = mailSettings.peek();
  if (!settings || !api) return;
  const next = { ...settings, [key]: value };
  mailSettings.value = next;
  mailStatus.value = null;
  const run = generation;
  api.saveSettings(next).then(
    () => void (run === generation && (mailStatus.value = { saved: true })),
    (error: unknown) => void (run === generation && (mailStatus.value = { failure: describeFailure(error) })),
  );
}
