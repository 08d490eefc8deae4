#!/usr/bin/env node
// The `pinmark` command (package.json `bin`): the CLI is TypeScript run through tsx, like the
// server (`npm start`), so a checkout needs no build step. tsx's loader is registered for this
// process only, then the real entry runs; its number is the exit code (cli/errors.ts).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
// Pipes and files are written synchronously on Linux and macOS: nothing is cut off by exiting now,
// and open keep-alive sockets or a browser that failed to close cannot hold the process.
process.exit(code);
