/**
 * Slack through an incoming webhook (https://api.slack.com/messaging/webhooks): new threads and
 * replies become messages in the channel the webhook was made for, with the screenshot as an
 * image block and a button to the thread in the review app; resolving posts a short line. The
 * webhook URL is the secret (anyone holding it can post), so it is sealed like a token.
 */
import { z } from 'zod';
import type { Connector, JobContext, JobResult, ThreadContent } from './connector.ts';
import { expectSuccess } from './http.ts';

export const slackSettingsSchema = z.strictObject({});
export const slackSecretsSchema = z.strictObject({
  webhookUrl: z.url({ protocol: /^https?$/ }).max(500),
});
type Settings = z.infer<typeof slackSettingsSchema>;
type Secrets = z.infer<typeof slackSecretsSchema>;

/** Slack's mrkdwn treats &, < and > specially; everything else is shown as typed. */
const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const MAX_SECTION = 2900;
const clip = (text: string) => (text.length > MAX_SECTION ? `${text.slice(0, MAX_SECTION - 1)}…` : text);

function linkButton(thread: ThreadContent): unknown {
  return { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Pinmark' }, url: thread.appLink }] };
}

function payload(context: JobContext<Settings, Secrets>): { text: string; blocks: unknown[] } | undefined {
  const { thread, message } = context;
  const where = `#${thread.number} on ${thread.markupName}`;
  if (context.kind === 'thread_created' || context.kind === 'test') {
    const text = `${thread.authorName} reported ${where}: ${thread.title}`;
    const blocks: unknown[] = [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: clip(
            `*${escapeMrkdwn(thread.authorName)}* reported <${thread.appLink}|${escapeMrkdwn(where)}>\n${escapeMrkdwn(thread.text)}`,
          ),
        },
      },
    ];
    if (thread.pageUrl) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(thread.pageUrl) }] });
    if (thread.screenshotUrl) blocks.push({ type: 'image', image_url: thread.screenshotUrl, alt_text: 'Screenshot' });
    blocks.push(linkButton(thread));
    return { text, blocks };
  }
  if (context.kind === 'reply_created' && message) {
    const text = `${message.authorName} replied on ${where}`;
    return {
      text,
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: clip(
              `*${escapeMrkdwn(message.authorName)}* replied on <${thread.appLink}|${escapeMrkdwn(where)}>\n${escapeMrkdwn(message.text)}`,
            ),
          },
        },
        linkButton(thread),
      ],
    };
  }
  if (context.kind === 'thread_resolved') {
    const text = `Resolved: ${where} ${thread.title}`;
    return {
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `:white_check_mark: Resolved <${thread.appLink}|${escapeMrkdwn(where)}>` } },
      ],
    };
  }
  return undefined;
}

async function run(context: JobContext<Settings, Secrets>): Promise<JobResult> {
  const body = payload(context);
  if (!body) return { outcome: 'skipped: nothing to post' };
  expectSuccess(await context.send({ method: 'POST', url: context.secrets.webhookUrl, json: body }), 'Posting to Slack');
  return { outcome: 'message posted' };
}

export const slackConnector: Connector<Settings, Secrets> = {
  kind: 'slack',
  settingsSchema: slackSettingsSchema,
  secretsSchema: slackSecretsSchema as unknown as z.ZodType<Secrets>,
  handles: (kind) => kind !== 'thread_unresolved',
  run,
};
