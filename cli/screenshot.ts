/** A thread's screenshot: fetched from its signed storage URL (no credential needed). */
import type { ThreadResponse } from '../src/api/wire';
import type { ApiClient } from './api-client.ts';
import { notFoundError } from './errors.ts';

export async function screenshotOf(client: ApiClient, thread: ThreadResponse): Promise<{ bytes: Buffer; mimeType: string }> {
  const shot = thread.screenshot;
  if (!shot?.url) throw notFoundError(`Thread #${thread.number} has no screenshot`);
  const file = await client.file(shot.url);
  return { bytes: file.bytes, mimeType: shot.mimeType || file.mimeType };
}
