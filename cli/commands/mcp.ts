/**
 * `pinmark mcp`: a Model Context Protocol server on stdin/stdout for coding agents (Claude Code and
 * Desktop, Cursor, VS Code…): tools to list, read, locate, answer, resolve and reopen threads, resources for
 * each markup's open threads. stdout carries only the protocol; messages for people go to stderr.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_HELP, API_OPTIONS, type Command } from '../command.ts';
import { registerResources } from '../mcp/resources.ts';
import { registerTools } from '../mcp/tools.ts';

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'Model Context Protocol server over stdio, for coding agents',
  usesApi: true,
  options: API_OPTIONS,
  help: `Usage: pinmark mcp [--url URL] [--api-key KEY]

Serves the Model Context Protocol on stdin/stdout until stdin closes. Tools: list_threads,
list_markups, read_thread (Markdown and the screenshot as an image), locate_element (the
element on a page and its source line, as \`pinmark locate\`), reply_to_thread, resolve_thread,
reopen_thread. Resources: pinmark://markups/{id}/open-threads and
pinmark://threads/{id}. Configure your agent to run \`npx pinmark mcp\` in a checkout with
PINMARK_URL and PINMARK_API_KEY set (README, "Coding agents: CLI and MCP").

${API_HELP}
`,
  async run(context) {
    const client = context.client();
    const server = new McpServer(
      { name: 'pinmark', version: '0.1.0' },
      {
        instructions:
          'Pinmark holds visual feedback on web pages: threads pinned on page elements, with messages, a screenshot, the browser ' +
          'context and diagnostics (console errors, failed requests). Start with list_threads, read one with read_thread, fix the code, ' +
          'then reply_to_thread saying what changed and resolve_thread.',
      },
    );
    registerTools(server, client);
    registerResources(server, client);
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      process.stdin.once('end', () => resolve());
    });
    await server.connect(transport);
    context.err(`pinmark mcp: serving ${client.origin} on stdio\n`);
    await closed;
    await server.close();
  },
};
