/** Every `pinmark` command, in the order `pinmark --help` lists them. */
import type { Command } from '../command.ts';
import { replyCommand, reopenCommand, resolveCommand } from './act.ts';
import { exportCommand } from './export.ts';
import { keysCommand } from './keys.ts';
import { locateCommand } from './locate.ts';
import { mcpCommand } from './mcp.ts';
import { showCommand } from './show.ts';
import { threadsCommand } from './threads.ts';

export const COMMANDS: Command[] = [
  threadsCommand,
  showCommand,
  replyCommand,
  resolveCommand,
  reopenCommand,
  exportCommand,
  locateCommand,
  mcpCommand,
  keysCommand,
];
