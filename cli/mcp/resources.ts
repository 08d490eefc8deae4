/**
 * The MCP server's resources: each markup's open threads (`pinmark://markups/{markupId}/open-threads`,
 * listed per markup so a client can attach one as context) and any thread whole
 * (`pinmark://threads/{threadId}`, the same Markdown as read_thread without the image).
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiClient } from '../api-client.ts';
import { threadDetails } from '../thread-details.ts';
import { threadMarkdown } from '../thread-render.ts';
import { threadListMarkdown } from './markdown-list.ts';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export function registerResources(server: McpServer, client: ApiClient): void {
  server.registerResource(
    'open-threads',
    new ResourceTemplate('pinmark://markups/{markupId}/open-threads', {
      list: async () => {
        const workspace = await client.workspace();
        const markups = await client.markups(workspace.id);
        return {
          resources: markups.map((m) => ({
            uri: `pinmark://markups/${m.id}/open-threads`,
            name: `Open threads: ${m.name}`,
            description: `${m.activeThreads ?? 0} open feedback thread(s) on ${m.name}`,
            mimeType: 'text/markdown',
          })),
        };
      },
    }),
    {
      title: "A markup's open threads",
      description: 'The open feedback threads of one site (markup), one Markdown line each with the id read_thread takes.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const markupId = one(variables.markupId);
      const [markup, { threads, total }] = await Promise.all([client.markup(markupId), client.inbox({ status: 'open', markupId }, 200)]);
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/markdown', text: threadListMarkdown(threads, total, `open threads on ${markup.name}`) },
        ],
      };
    },
  );

  server.registerResource(
    'thread',
    new ResourceTemplate('pinmark://threads/{threadId}', { list: undefined }),
    {
      title: 'One thread',
      description: 'A feedback thread whole as Markdown: element selectors, browser, diagnostics, messages (the screenshot: read_thread).',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const thread = await client.thread(one(variables.threadId));
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: threadMarkdown(await threadDetails(client, thread)) }] };
    },
  );
}
