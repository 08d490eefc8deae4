/**
 * Two integration workers on one database (two server processes, in effect) claim with FOR UPDATE
 * SKIP LOCKED and leases: each thread makes one issue, its replies follow in order, nothing is sent
 * twice, on PGlite and (project server-pg) PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/support.ts';
import { startGithubStandIn, type GithubStandIn } from '../testing/stand-ins/github.ts';
import { admin, createIntegration, integrationWorker, postReply, postThread, SETTLE_MS } from '../testing/stand-ins/kit.ts';

let s: TestServer;
let github: GithubStandIn;
beforeAll(async () => {
  s = await createTestServer({ config: { rateLimits: { enabled: false } } });
  github = await startGithubStandIn();
});
afterAll(async () => {
  await github.close();
  await s.close();
});

it('sends each job once and a thread’s jobs in order', async () => {
  const ada = await admin(s);
  await createIntegration(s, ada.token, {
    kind: 'github',
    settings: { owner: github.owner, repo: github.repo, apiUrl: github.url },
    secrets: { token: github.token, webhookSecret: 'two-workers-secret-0123' },
  });
  const threads: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = await postThread(s, ada.token, `Thread ${i}`);
    for (let r = 0; r < 3; r++) await postReply(s, ada.token, id, `Thread ${i} reply ${r}`);
    threads.push(id);
  }
  s.clock.advance(SETTLE_MS);
  const [one, two] = [await integrationWorker(s), await integrationWorker(s)];
  await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
  // A thread's replies waited for its issue; a drain that found them blocked stops early: drain again.
  await Promise.all([one.drain(), two.drain()]);
  expect(github.violations).toEqual([]);
  expect(github.issues.size).toBe(6);
  for (const issue of github.issues.values()) {
    const i = issue.title.replace('Thread ', '');
    expect(issue.comments.map((c) => c.split('\n\n')[1])).toEqual([0, 1, 2].map((r) => `Thread ${i} reply ${r}`));
  }
  expect(github.requests.filter((r) => r.operationId === 'issues/create')).toHaveLength(6);
});
