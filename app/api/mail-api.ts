/**
 * The review app's e-mail endpoints (issue 18, server/routes/mail.ts): the member's notification
 * settings, in the demo the mails the server kept, and the e-mails that could not be delivered. On the widget's client like app-api.ts, in
 * a file of their own so the Mail page's lazy chunk carries them.
 */
import { createApiClient, type ApiCredential } from '../../src/api';
import type { KeptMail, MailProblem, NotificationSettings } from '../../server/mail/wire';

export type { KeptMail, MailProblem, NotificationSettings };

export function mailApi(credential: ApiCredential, apiBase = location.origin) {
  const { request } = createApiClient({ apiBase, credential });
  return {
    settings: () => request<NotificationSettings>('GET', '/me/notification-settings'),
    saveSettings: (settings: NotificationSettings) => request<NotificationSettings>('PUT', '/me/notification-settings', { body: settings }),
    /** The demo's kept mails; a 404 outside the demo. */
    mails: () => request<{ mails: KeptMail[] }>('GET', '/mail', { query: { limit: 50 } }),
    /** The workspace's e-mails being retried or given up (every mode). */
    problems: () => request<{ problems: MailProblem[] }>('GET', '/mail/problems', { query: { limit: 50 } }),
  };
}
