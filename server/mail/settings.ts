/**
 * What each member wants mailed (`notification_settings`, one row per user, i.e. per member of one
 * workspace): mentions of them, threads assigned to them, threads they took part in (they started
 * or answered), and every thread of the workspace. No row: the defaults, which mail what concerns
 * the member and not the rest. Unsubscribing turns everything off.
 */
import type { NotificationSettings } from './wire.ts';
import { isoAt, type Db } from '../db/db.ts';

export const DEFAULT_SETTINGS: NotificationSettings = { mentions: true, assigned: true, participating: true, allThreads: false };
export const NOTHING: NotificationSettings = { mentions: false, assigned: false, participating: false, allThreads: false };

interface SettingsRow {
  user_id: string;
  mentions: boolean;
  assigned: boolean;
  participating: boolean;
  all_threads: boolean;
}

const fromRow = (row: SettingsRow): NotificationSettings => ({
  mentions: row.mentions,
  assigned: row.assigned,
  participating: row.participating,
  allThreads: row.all_threads,
});

/** Each user's settings (the defaults for those without a row). */
export async function loadSettings(db: Db, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const rows = await db.query<SettingsRow>(
    'SELECT user_id, mentions, assigned, participating, all_threads FROM notification_settings WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  const found = new Map(rows.map((row) => [row.user_id, fromRow(row)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT_SETTINGS]));
}

export async function saveSettings(db: Db, userId: string, settings: NotificationSettings, now: number): Promise<void> {
  await db.query(
    `INSERT INTO notification_settings (user_id, mentions, assigned, participating, all_threads, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
     ON CONFLICT (user_id) DO UPDATE SET mentions = $2, assigned = $3, participating = $4, all_threads = $5, modified_at = $6::timestamptz`,
    [userId, settings.mentions, settings.assigned, settings.participating, settings.allThreads, isoAt(now)],
  );
}
