/**
 * Mail rows are kept a week for inspection (and the demo's Mail page), then removed by main.ts's
 * hourly sweep: events fanned out and jobs finished (sent, kept, failed, cancelled) before that.
 */
import { isoAt, type Db } from '../db/db.ts';

export const MAIL_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export async function sweepMail(db: Db, now: number): Promise<number> {
  const before = isoAt(now - MAIL_RETENTION_MS);
  const events = await db.query('DELETE FROM mail_events WHERE fanned_out_at < $1::timestamptz RETURNING id', [before]);
  const jobs = await db.query(
    `DELETE FROM mail_jobs WHERE status NOT IN ('open', 'pending') AND finished_at < $1::timestamptz RETURNING id`,
    [before],
  );
  return events.length + jobs.length;
}
