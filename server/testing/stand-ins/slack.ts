/**
 * A stand-in for a Slack incoming webhook (https://api.slack.com/messaging/webhooks). Slack
 * publishes no machine-readable description of it, so the payload is checked by hand against the
 * documented shape: `text` (the notification fallback) and `blocks` of the kinds we send (section
 * with mrkdwn/plain_text ≤ 3000 characters, context, image with image_url and alt_text, actions with
 * buttons ≤ 75 characters and a url), at most 50 blocks. Slack answers `ok` (200) or a plain error:
 * `invalid_payload` (400), `no_text`, as the real endpoint does.
 */
import { randomUUID } from 'node:crypto';
import { serve, type StandInAnswer, type StandInRequest } from './serve.ts';

export interface SlackStandIn {
  /** The webhook URL (secrets.webhookUrl). */
  webhookUrl: string;
  messages: { text: string; blocks: unknown[] }[];
  violations: string[];
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

const isText = (value: unknown, max = 3000): boolean => {
  const text = value as { type?: unknown; text?: unknown } | undefined;
  return (
    (text?.type === 'mrkdwn' || text?.type === 'plain_text') &&
    typeof text.text === 'string' &&
    text.text.length > 0 &&
    text.text.length <= max
  );
};

function blockErrors(block: Record<string, unknown>, i: number): string[] {
  const at = `blocks[${i}]`;
  switch (block.type) {
    case 'section':
      return isText(block.text) ? [] : [`${at}.text: a mrkdwn or plain_text object of 1–3000 characters`];
    case 'context':
      return Array.isArray(block.elements) &&
        block.elements.length > 0 &&
        block.elements.length <= 10 &&
        block.elements.every((e) => isText(e))
        ? []
        : [`${at}.elements: 1–10 text objects`];
    case 'image':
      return typeof block.image_url === 'string' &&
        /^https?:\/\//.test(block.image_url) &&
        typeof block.alt_text === 'string' &&
        block.alt_text.length <= 2000
        ? []
        : [`${at}: image needs image_url (http/https) and alt_text`];
    case 'actions':
      return Array.isArray(block.elements) &&
        block.elements.length > 0 &&
        block.elements.every(
          (e: { type?: unknown; text?: unknown; url?: unknown }) =>
            e.type === 'button' && isText(e.text, 75) && (e.text as { type: string }).type === 'plain_text' && typeof e.url === 'string',
        )
        ? []
        : [`${at}.elements: buttons with plain_text text ≤ 75 characters and a url`];
    default:
      return [`${at}.type: ${String(block.type)} is not a block the stand-in knows`];
  }
}

export async function startSlackStandIn(): Promise<SlackStandIn> {
  const path = `/services/T${randomUUID().slice(0, 8)}/B${randomUUID().slice(0, 8)}/${randomUUID().replace(/-/g, '')}`;
  const messages: SlackStandIn['messages'] = [];
  const violations: string[] = [];
  let failing = { count: 0, status: 500 };

  function handle(request: StandInRequest): StandInAnswer {
    if (failing.count > 0) {
      failing.count--;
      return { status: failing.status, text: 'service_unavailable' };
    }
    if (request.method !== 'POST' || request.path !== path) return { status: 404, text: 'no_service' };
    const payload = request.json as { text?: unknown; blocks?: unknown } | undefined;
    const errors: string[] = [];
    if (!payload || typeof payload !== 'object') errors.push('body: a JSON object');
    else {
      if (typeof payload.text !== 'string' || payload.text === '')
        errors.push('text: required as the notification fallback when blocks are sent');
      if (payload.blocks !== undefined) {
        if (!Array.isArray(payload.blocks) || payload.blocks.length > 50) errors.push('blocks: an array of at most 50');
        else payload.blocks.forEach((block, i) => errors.push(...blockErrors(block as Record<string, unknown>, i)));
      }
    }
    if (errors.length > 0) {
      violations.push(errors.join('; '));
      return { status: 400, text: 'invalid_payload' };
    }
    messages.push({ text: payload!.text as string, blocks: (payload!.blocks as unknown[] | undefined) ?? [] });
    return { status: 200, text: 'ok' };
  }

  const served = await serve(handle);
  return {
    webhookUrl: `${served.url}${path}`,
    messages,
    violations,
    failNext: (count, status) => {
      failing = { count, status };
    },
    close: served.close,
  };
}
