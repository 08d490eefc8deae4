/** What the MCP tools share: the thread and markup arguments, and failures as tool errors. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CliError } from '../errors.ts';

export const threadRef = z
  .string()
  .min(1)
  .describe('The thread: its number as shown by list_threads ("12" or "#12") or its id (a UUID). Prefer the id when you have it.');

export const markupRef = z
  .string()
  .optional()
  .describe('The site (markup) the thread number belongs to: its id, name or page URL. Only needed when a number exists on several sites.');

/** Runs a tool; a failure comes back as a tool error (isError) with the CLI's sentence, never as a protocol error. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof CliError || error instanceof Error ? error.message : String(error);
    return { isError: true, content: [{ type: 'text', text: message }] };
  }
}

export const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
