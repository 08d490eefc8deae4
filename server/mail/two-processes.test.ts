/**
 * Two `server/main.ts` processes on one PostgreSQL with SMTP_URL set: threads created through either
 * one's API are mailed exactly once between them, through main.ts's own wiring (config, mail switch,
 * worker), to a real SMTP server. Skipped unless the run provides a PostgreSQL
 * (`npx vitest run --project server-pg`); the claim logic itself is tested in two-workers.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.ts';
import { createMember } from '../seed.ts';
import { createTestPostgresDatabase, onPostgres, threadBody } from '../testing/support.ts';
import { startSmtpCatcher } from '../testing/smtp-catcher.ts';
import { startServerProcess, stopServerProcess } from '../testing/server-process.ts';

/** The ports given to this work (E2E_PORT 8797 and 8798), overridable for another checkout. */
const PORTS = [Number(process.env.PINMARK_MAIL_TEST_PORT ?? 8797), Number(process.env.PINMARK_MAIL_TEST_PORT ?? 8797) + 1];
const THREADS = 16;

describe('two server processes with SMTP_URL on one PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    `mail ${THREADS} threads exactly once between them (needs PostgreSQL: skipped outside the server-pg project)`,
    async () => {
      const database = await createTestPostgresDatabase();
      if (!database) throw new Error('server-pg project without a PostgreSQL');
      const db = await openPostgres(database.url);
      const smtp = await startSmtpCatcher();
      const dirs = PORTS.map((port) => mkdtempSync(path.join(tmpdir(), `pinmark-mail-two-${port}-`)));
      const servers: ChildProcess[] = [];
      const env = (index: number): NodeJS.ProcessEnv => ({
        DATABASE_URL: database.url,
        PORT: String(PORTS[index]),
        PUBLIC_URL: `http://localhost:${PORTS[index]}`,
        DATA_DIR: dirs[index],
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Pinmark <pinmark@example.com>',
        PINMARK_MAIL_BATCH_SECONDS: '0',
        PINMARK_RATE_LIMITS: 'off',
      });
      try {
        // The first seeds the demo; the second finds it.
        servers.push(await startServerProcess(env(0)));
        servers.push(await startServerProcess(env(1)));
        const demo = JSON.parse(readFileSync(path.join(dirs[0]!, 'demo.json'), 'utf8')) as { workspaceApiKey: string; markupId: string };
        const { workspace_id: workspaceId } = (
          await db.query<{ workspace_id: string }>('SELECT workspace_id FROM markups WHERE id = $1', [demo.markupId])
        )[0]!;
        const ben = await createMember(db, { workspaceId, name: 'Ben', email: 'ben@example.com', role: 'contributor', now: Date.now() });
        await Promise.all(
          Array.from({ length: THREADS }, async (_, i) => {
            const res = await fetch(`http://localhost:${PORTS[i % 2]}/api/v2/threads`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${demo.workspaceApiKey}`, 'Content-Type': 'application/json' },
              body: JSON.stringify(
                threadBody({
                  projectId: demo.markupId,
                  message: { ops: [{ insert: `Thread ${i} for ` }, { insert: { mention: { id: ben, value: 'Ben' } } }, { insert: '\n' }] },
                }),
              ),
            });
            expect(res.status, await res.text()).toBe(200);
          }),
        );
        await smtp.waitFor(THREADS, 60_000);
        // Two more poll intervals: a double claim would show up as a late repeat.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect(smtp.mails).toHaveLength(THREADS);
        expect(new Set(smtp.mails.map((mail) => mail.parsed.messageId)).size).toBe(THREADS);
        expect(new Set(smtp.mails.map((mail) => mail.parsed.subject)).size).toBe(THREADS);
        expect(smtp.mails.every((mail) => mail.to[0] === 'ben@example.com')).toBe(true);
        const jobs = await db.query('SELECT status, attempts, count(*)::int AS n FROM mail_jobs GROUP BY status, attempts');
        expect(jobs).toEqual([{ status: 'sent', attempts: 1, n: THREADS }]);
      } finally {
        await Promise.all(servers.map(stopServerProcess));
        await smtp.close();
        await db.close();
        await database.drop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    150_000,
  );
});
