/** vitest globalSetup of the `cli` project: one real server for every CLI test file. */
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pinmarkServer: RunningServer;
  }
}

export default async function setup(project: TestProject) {
  const { server, stop } = await startServer();
  project.provide('pinmarkServer', server);
  return stop;
}
