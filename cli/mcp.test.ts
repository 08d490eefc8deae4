/**
 * `pinmark mcp` with the SDK's own client over stdio against the real server: the tools listed
 * with descriptions, each tool called, the screenshot as an image content block, the resources.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ThreadResponse } from '../src/api/wire';
import { attachScreenshot, createThread } from './testing/api-threads.ts';
import { cliEnv, PINMARK } from './testing/run-cli.ts';
import { ROOT } from './testing/server.ts';

const server = inject('pinmarkServer');
let client: Client;
let thread: ThreadResponse;
let png: Buffer;

const textOf = (result: any) =>
  result.content
    .filter((c: any) => c.type === 'text')
    .map((c: any) => c.text)
    .join('\n');

beforeAll(async () => {
  thread = await createThread(server, {
    text: 'MCP: the hero button overlaps the image',
    path: '/?case=mcp',
    elementPath: '#hero-title',
    diagnostics: true,
  });
  png = await attachScreenshot(server, thread.id);
  const env = Object.fromEntries(Object.entries(cliEnv(server)).filter((e): e is [string, string] => typeof e[1] === 'string'));
  client = new Client({ name: 'pinmark-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [PINMARK, 'mcp'], env, cwd: ROOT, stderr: 'ignore' }));
});

afterAll(async () => {
  await client?.close();
});

describe('pinmark mcp', () => {
  it('lists its tools, each described for a model', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'list_markups',
      'list_threads',
      'locate_element',
      'read_thread',
      'reopen_thread',
      'reply_to_thread',
      'resolve_thread',
    ]);
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(80);
    const read = tools.find((t) => t.name === 'read_thread')!;
    expect(read.inputSchema.required).toEqual(['thread']);
    expect(read.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('list_threads and list_markups', async () => {
    const list = await client.callTool({ name: 'list_threads', arguments: { search: 'overlaps' } });
    expect(list.isError).toBeFalsy();
    expect(textOf(list)).toContain(`**#${thread.number}** \`${thread.id}\` open`);
    expect(textOf(list)).toContain('has screenshot, diagnostics');
    const markups = await client.callTool({ name: 'list_markups', arguments: {} });
    expect(textOf(markups)).toContain(`**Pinmark demo site** — id \`${server.markupId}\``);
  });

  it('read_thread: Markdown with selectors, browser and diagnostics, and the screenshot as an image', async () => {
    const result: any = await client.callTool({ name: 'read_thread', arguments: { thread: thread.id } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toContain('## MCP: the hero button overlaps the image');
    expect(text).toContain('- `#hero-title`');
    expect(text).toContain('TypeError: total is undefined at checkout.js:42');
    expect(text).toContain('"viewportWidth":1280');
    const image = result.content.find((c: any) => c.type === 'image');
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data, 'base64')).toEqual(png);
    const withoutImage: any = await client.callTool({
      name: 'read_thread',
      arguments: { thread: `#${thread.number}`, include_screenshot: false },
    });
    expect(withoutImage.content.some((c: any) => c.type === 'image')).toBe(false);
  });

  it('reply_to_thread, resolve_thread, reopen_thread', async () => {
    const reply = await client.callTool({ name: 'reply_to_thread', arguments: { thread: thread.id, text: 'Fixed in hero.css' } });
    expect(textOf(reply)).toMatch(/^Replied to thread #\d+ \(id .*\); message id [0-9a-f-]{36}\.$/);
    expect(textOf(await client.callTool({ name: 'resolve_thread', arguments: { thread: thread.id } }))).toContain('is now resolved');
    const open = await client.callTool({ name: 'list_threads', arguments: { search: 'overlaps' } });
    expect(textOf(open)).toContain('# 0 open threads');
    const all = await client.callTool({ name: 'list_threads', arguments: { search: 'overlaps', status: 'all' } });
    expect(textOf(all)).toContain('resolved');
    expect(textOf(await client.callTool({ name: 'reopen_thread', arguments: { thread: thread.id } }))).toContain('is now open');
    const read = await client.callTool({ name: 'read_thread', arguments: { thread: thread.id, include_screenshot: false } });
    expect(textOf(read)).toContain('Fixed in hero.css');
  });

  it("locate_element: the element on the thread's page, with its start tag's line", async () => {
    const result: any = await client.callTool({ name: 'locate_element', arguments: { thread: thread.id } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(/^#\d+ → exact match on http:\/\/localhost:\d+\/\?case=mcp/);
    expect(textOf(result)).toContain('Selector   #hero-title');
    expect(textOf(result)).toMatch(/Source {5}http:\/\/localhost:\d+\/\?case=mcp:\d+:\d+ {2}\(its start tag/);
  });

  it('a tool error is a result with isError, not a broken session', async () => {
    const missing: any = await client.callTool({ name: 'read_thread', arguments: { thread: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not found/i);
    expect((await client.listTools()).tools.length).toBe(7);
  });

  it("resources: each markup's open threads, and a thread whole", async () => {
    const { resources } = await client.listResources();
    const open = resources.find((r) => r.uri === `pinmark://markups/${server.markupId}/open-threads`)!;
    expect(open).toMatchObject({ name: 'Open threads: Pinmark demo site', mimeType: 'text/markdown' });
    const read = await client.readResource({ uri: open.uri });
    expect((read.contents[0] as { text: string }).text).toContain(thread.id);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'pinmark://markups/{markupId}/open-threads',
      'pinmark://threads/{threadId}',
    ]);
    const one = await client.readResource({ uri: `pinmark://threads/${thread.id}` });
    expect((one.contents[0] as { text: string }).text).toContain('## MCP: the hero button overlaps the image');
  });
});
