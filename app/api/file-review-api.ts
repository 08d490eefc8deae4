/**
 * The file review's endpoints (issue 17): the markup (polled until converted), its threads (image,
 * PDF or video variants) and new file threads. A client of its own on the member's credential (the
 * widget's client: same headers, envelope, errors, one renewal on a 401), so these calls travel in
 * the file review's lazy chunk instead of growing the app's first-load API object.
 */
import { createApiClient, type ApiCredential } from '../../src/api';
import type { Delta, MarkupResponse, TextHighlight } from '../../src/api/wire';
import type { FileThread } from './file-review-types';

/** What POST /threads takes for a pin on a file (docs/api-decisions.md, "File markups"). */
export interface CreateFileThreadBody {
  isImageThread: true;
  projectId: string;
  projectImageId?: string;
  pageNumber?: number;
  offsetXPercentage: number;
  offsetYPercentage: number;
  startTime?: number;
  endTime?: number;
  textHighlight?: TextHighlight;
  width?: number;
  height?: number;
  message: Delta;
}

/** Pages of the thread list asked for at most (100 threads a page). */
const MAX_PAGES = 50;

export function createFileReviewApi(credential: ApiCredential, apiBase = location.origin) {
  const client = createApiClient({ apiBase, credential });
  const { request } = client;
  return {
    markup: (markupId: string, signal?: AbortSignal) =>
      request<MarkupResponse>('GET', `/markups/${encodeURIComponent(markupId)}`, signal ? { signal } : {}),
    /** Every thread of the markup, open and resolved, in pin order. */
    threads: async (markupId: string, signal?: AbortSignal): Promise<FileThread[]> => {
      const all: FileThread[] = [];
      let offset = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await client.listThreads({ markupId, order: 'pin_asc', limit: 100, offset }, signal);
        const batch = (Array.isArray(result?.threads) ? result.threads : []) as unknown as FileThread[];
        all.push(...batch);
        offset += batch.length;
        if (batch.length === 0 || offset >= (result.total ?? 0)) break;
      }
      return all;
    },
    createThread: (body: CreateFileThreadBody, idempotencyKey: string) => request<FileThread>('POST', '/threads', { body, idempotencyKey }),
    abortAll: client.abortAll,
  };
}

export type FileReviewApi = ReturnType<typeof createFileReviewApi>;
