/**
 * The MCP server's tools: what a coding agent calls to read Pinmark feedback and answer it. Each
 * description says what the tool returns and when to use it, for the model choosing among them.
 * Failures come back as tool errors (isError) with the CLI's sentence (tool-kit.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { textToDelta } from '../../src/delta/text';
import type { ApiClient } from '../api-client.ts';
import { findThread, markupIdOf } from '../lookup.ts';
import { screenshotOf } from '../screenshot.ts';
import { threadDetails } from '../thread-details.ts';
import { threadMarkdown } from '../thread-render.ts';
import { registerLocateTool } from './locate-tool.ts';
import { threadListMarkdown } from './markdown-list.ts';
import { guarded, markupRef, text, threadRef } from './tool-kit.ts';

export function registerTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'list_threads',
    {
      title: 'List feedback threads',
      description:
        'Lists feedback threads (comments pinned on web pages by reviewers) in the Pinmark workspace, newest activity first. ' +
        'Returns one Markdown line per thread: number, id, status, site, page URL, author, message count, whether it has a screenshot ' +
        'or diagnostics (console errors, failed requests), and its first line. Use it to find work: then call read_thread with the id. ' +
        'By default only open threads are listed.',
      inputSchema: {
        status: z.enum(['open', 'resolved', 'all']).default('open').describe('Which threads: open (default), resolved or all.'),
        markup: z.string().optional().describe('Only threads of this site (markup): its id, name or page URL. list_markups shows them.'),
        search: z
          .string()
          .optional()
          .describe('Only threads with a message containing these words (word prefixes match; "#12" finds thread 12).'),
        page_url: z.string().optional().describe('Only threads on pages whose canonical URL starts with this.'),
        limit: z.number().int().min(1).max(200).default(50).describe('At most this many threads (default 50).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ status, markup, search, page_url, limit }) =>
      guarded(async () => {
        const markupId = await markupIdOf(client, markup);
        const query = {
          status,
          ...(markupId ? { markupId } : {}),
          ...(search ? { q: search } : {}),
          ...(page_url ? { url: page_url } : {}),
        };
        const { threads, total } = await client.inbox(query, limit);
        return text(threadListMarkdown(threads, total, `${status} threads`));
      }),
  );

  server.registerTool(
    'list_markups',
    {
      title: 'List sites (markups)',
      description:
        'Lists the sites and files under review (Pinmark calls them markups): name, id, URL and how many open threads each has. ' +
        'Use it to pick the markup filter for list_threads, or to see where feedback is.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const workspace = await client.workspace();
        const markups = await client.markups(workspace.id);
        const lines = markups.map(
          (m) => `- **${m.name}** — id \`${m.id}\`${'url' in m && m.url ? `, ${m.url}` : ''}, ${m.activeThreads ?? 0} open thread(s)`,
        );
        return text(`# Markups of ${workspace.name} (${markups.length})\n\n${lines.join('\n') || 'None.'}\n`);
      }),
  );

  server.registerTool(
    'read_thread',
    {
      title: 'Read one thread whole',
      description:
        'Reads one feedback thread completely. Returns Markdown with: status, site, page URL, browser and viewport, the pinned ' +
        "element's CSS selectors (several that agree, plus ancestor paths as fallback) and a description, the diagnostics recorded " +
        'with it (console errors and failed network requests at the time of the report), and every message with author and time; ' +
        'then the viewport screenshot the reviewer took, as an image (annotations drawn on it). Use the selectors to find the element ' +
        'in the source code (search for its ids, classes or text), and the diagnostics to find the bug. ' +
        'To map the element to a source file and line, call locate_element next.',
      inputSchema: {
        thread: threadRef,
        markup: markupRef,
        include_screenshot: z.boolean().default(true).describe('Attach the screenshot as an image (default true).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ thread: ref, markup, include_screenshot }) =>
      guarded(async () => {
        const thread = await findThread(client, ref, await markupIdOf(client, markup));
        const details = await threadDetails(client, thread);
        const content: CallToolResult['content'] = [
          { type: 'text', text: threadMarkdown(details) },
          { type: 'text', text: `Browser context (JSON): ${JSON.stringify(thread.browserContext)}` },
        ];
        if (include_screenshot && thread.screenshot?.url) {
          const shot = await screenshotOf(client, thread);
          content.push({ type: 'image', data: shot.bytes.toString('base64'), mimeType: shot.mimeType });
        }
        return { content };
      }),
  );

  server.registerTool(
    'reply_to_thread',
    {
      title: 'Reply to a thread',
      description:
        'Posts a reply to a feedback thread, visible to the reviewer on the page and in the review app. Plain text; line breaks are kept. ' +
        'Use it to report what you changed (commit, file) or to ask the reviewer a question. Returns a confirmation with the message id.',
      inputSchema: { thread: threadRef, markup: markupRef, text: z.string().min(1).max(10_000).describe('The reply, plain text.') },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ thread: ref, markup, text: reply }) =>
      guarded(async () => {
        const thread = await findThread(client, ref, await markupIdOf(client, markup));
        const message = await client.reply(thread.id, { message: textToDelta(reply.trimEnd()) });
        return text(`Replied to thread #${thread.number} (id ${thread.id}); message id ${message.id}.`);
      }),
  );

  for (const [name, resolved] of [
    ['resolve_thread', true],
    ['reopen_thread', false],
  ] as const) {
    server.registerTool(
      name,
      {
        title: resolved ? 'Resolve a thread' : 'Reopen a thread',
        description: resolved
          ? 'Marks a feedback thread resolved: the issue it reports is fixed (say how with reply_to_thread first). Resolving twice changes nothing.'
          : 'Reopens a resolved feedback thread, e.g. when the fix did not hold. Reopening an open thread changes nothing.',
        inputSchema: { thread: threadRef, markup: markupRef },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      ({ thread: ref, markup }) =>
        guarded(async () => {
          const thread = await findThread(client, ref, await markupIdOf(client, markup));
          await (resolved ? client.resolve(thread.id) : client.reopen(thread.id));
          return text(`Thread #${thread.number} (id ${thread.id}) is now ${resolved ? 'resolved' : 'open'}.`);
        }),
    );
  }
  registerLocateTool(server, client);
}
