/**
 * The MCP tool locate_element: `pinmark locate` for an agent — the thread's element found on a page
 * by the widget's own anchoring in headless Chromium, with its source position where the page gives one.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api-client.ts';
import { locateJson, locateText } from '../locate/format.ts';
import { locateOnPage } from '../locate/run.ts';
import { findThread, markupIdOf } from '../lookup.ts';
import { guarded, markupRef, threadRef } from './tool-kit.ts';

export function registerLocateTool(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'locate_element',
    {
      title: "Find a thread's element on a page",
      description:
        "Finds the element a feedback thread is pinned on, on a live page or a saved HTML file, with Pinmark's own anchoring in a " +
        'headless browser (slow: a few seconds). Returns the match status (exact, approximate = an ancestor stands in, orphaned), ' +
        "the element's HTML head, a selector matching it alone, and its source position when the page gives one: a data-sourcepos / " +
        'data-source / data-astro-source-* / data-v-inspector attribute or a React dev build on it or an ancestor, and the line of ' +
        "its start tag in the page's HTML. Use it after read_thread to find which source file and line renders the element, e.g. on " +
        'your local dev server.',
      inputSchema: {
        thread: threadRef,
        markup: markupRef,
        page: z
          .string()
          .optional()
          .describe(
            "The page: an http(s) URL (e.g. the local dev server's page) or a path to an HTML file. Default: the page the thread was written on.",
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ thread: ref, markup, page }) =>
      guarded(async (): Promise<CallToolResult> => {
        const thread = await findThread(client, ref, await markupIdOf(client, markup));
        const result = await locateOnPage(thread, page ?? thread.originalUrl ?? thread.canonicalUrl, 3000);
        return {
          isError: !result.location.found,
          content: [
            { type: 'text', text: locateText(thread, result) },
            { type: 'text', text: `As JSON: ${JSON.stringify(locateJson(thread, result))}` },
          ],
        };
      }),
  );
}
