/**
 * The start-up banner's e-mail line (server/banner.ts): where notifications go, or that they are
 * kept (the demo) or off (production without SMTP_URL), so an operator sees it at start.
 */
import type { MailConfig } from '../domain/config.ts';

/** The banner's line: where e-mail goes, or why it is off. */
export function mailDescription(mail: MailConfig | undefined, demo: boolean): string {
  if (mail?.smtpUrl) {
    const url = new URL(mail.smtpUrl);
    return `${url.protocol}//${url.host} from ${mail.from}`;
  }
  return demo
    ? 'kept, not sent (no SMTP_URL): the review app’s Mail page shows them'
    : 'off (set SMTP_URL and MAIL_FROM to send notifications)';
}
