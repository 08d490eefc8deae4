/**
 * OpenAPI rows of the e-mail notification endpoints (issue 18, decided: docs/api-decisions.md,
 * "E-mail notifications"): a member's settings, the one-click unsubscribe, the demo's kept mails.
 */
import { mailListQuerySchema, notificationSettingsSchema, unsubscribeQuerySchema } from '../mail/schemas.ts';
import { ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const mailRoutesDoc: RouteDoc[] = [
  {
    method: 'get',
    path: '/me/notification-settings',
    operationId: 'getNotificationSettings',
    summary: 'What the signed-in member is mailed about',
    tag: 'users',
    auth: 'any',
    success: ok('NotificationSettings'),
    errors: [403],
    description: 'Members of the review app only (a member session); other credentials get 403.',
  },
  {
    method: 'put',
    path: '/me/notification-settings',
    operationId: 'putNotificationSettings',
    summary: 'Choose what the signed-in member is mailed about',
    tag: 'users',
    auth: 'any',
    body: notificationSettingsSchema,
    success: ok('NotificationSettings'),
    errors: [403],
  },
  {
    method: 'get',
    path: '/unsubscribe',
    operationId: 'unsubscribePage',
    summary: 'The page an e-mail’s unsubscribe link opens: one button that POSTs the same link',
    tag: 'users',
    auth: 'public',
    query: unsubscribeQuerySchema,
    success: { status: 200, plain: { type: 'string', description: 'An HTML page (text/html).' } },
    errors: [403],
  },
  {
    method: 'post',
    path: '/unsubscribe',
    operationId: 'unsubscribe',
    summary: 'RFC 8058 one-click unsubscribe: turns every e-mail off for the user the signed token names',
    tag: 'users',
    auth: 'public',
    query: unsubscribeQuerySchema,
    success: ok('UnsubscribeResponse'),
    errors: [403],
    description: 'The body (`List-Unsubscribe=One-Click`) is not read; a forged or altered token gets 403; repeating it changes nothing.',
  },
  {
    method: 'get',
    path: '/mail',
    operationId: 'listKeptMail',
    summary: "The demo only: the e-mails this server kept or sent for the member's workspace, newest first",
    tag: 'users',
    auth: 'any',
    query: mailListQuerySchema,
    success: ok('KeptMailList'),
    errors: [403, 404],
    description: 'Members of the review app only; 404 in production.',
  },
  {
    method: 'get',
    path: '/mail/problems',
    operationId: 'listMailProblems',
    summary: "The workspace's e-mails that could not be delivered: being retried, or given up, newest first",
    tag: 'users',
    auth: 'any',
    query: mailListQuerySchema,
    success: ok('MailProblemList'),
    errors: [403],
    description: 'Members of the review app only. Each names the recipient, the attempts made and the SMTP server’s last answer.',
  },
];
