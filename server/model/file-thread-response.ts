/**
 * Image, video and PDF threads as the API shows them (§2.3 ImageThreadResponse / PdfThreadResponse)
 * and their short move-pin records. Built from the shared thread response (threads.ts), so every
 * variant keeps exactly the common fields, scopes and messages webpage threads have; the webpage
 * fields (elements, parents, URLs, view mode, browser context) are left out.
 */
import type {
  ImageThreadResponse,
  PdfThreadResponse,
  ShortImageThread,
  ShortPdfThread,
  TextHighlight,
  WebpageThreadResponse,
} from '../../src/api/wire.ts';

/** The columns of a file thread's row (threads.ts ThreadRow has them all). */
export interface FileThreadColumns {
  id: string;
  markup_id: string;
  number: number;
  author_user_id: string;
  resolved: boolean;
  type: 'webpage' | 'image' | 'pdf';
  markup_asset_id: string | null;
  offset_x_percentage: number | null;
  offset_y_percentage: number | null;
  start_time: number | null;
  end_time: number | null;
  page_number: number | null;
  text_highlight: Record<string, unknown> | null;
  width: number | null;
  height: number | null;
}

export function toFileThreadResponse(t: FileThreadColumns, shared: WebpageThreadResponse): ImageThreadResponse | PdfThreadResponse {
  const common = {
    id: shared.id,
    createdAt: shared.createdAt,
    modifiedAt: shared.modifiedAt,
    scopes: shared.scopes,
    assignedRoleSlugs: shared.assignedRoleSlugs,
    user: shared.user,
    number: shared.number,
    resolved: shared.resolved,
    messages: shared.messages,
    userMetaData: shared.userMetaData,
    lastActivityAt: shared.lastActivityAt,
    annotations: shared.annotations,
    projectId: shared.projectId,
    priority: shared.priority ?? null,
    screenshot: shared.screenshot ?? null,
    assigneeId: shared.assigneeId ?? null,
    labels: shared.labels ?? [],
    isImageThread: true as const,
    projectImageId: t.markup_asset_id ?? '',
    offsetXPercentage: t.offset_x_percentage ?? 0,
    offsetYPercentage: t.offset_y_percentage ?? 0,
    width: t.width,
    height: t.height,
  };
  if (t.type === 'pdf') {
    return { ...common, pageNumber: t.page_number ?? 1, textHighlight: (t.text_highlight as TextHighlight | null) ?? null };
  }
  return { ...common, startTime: t.start_time, endTime: t.end_time };
}

export function toShortFileThread(t: FileThreadColumns): ShortImageThread | ShortPdfThread {
  const base = { id: t.id, userId: t.author_user_id, projectId: t.markup_id, number: t.number, resolved: t.resolved };
  if (t.type === 'pdf') {
    return {
      ...base,
      pageNumber: t.page_number ?? 1,
      pageRelativeX: t.offset_x_percentage ?? 0,
      pageRelativeY: t.offset_y_percentage ?? 0,
    };
  }
  return {
    ...base,
    projectImageId: t.markup_asset_id ?? '',
    offsetXPercentage: t.offset_x_percentage ?? 0,
    offsetYPercentage: t.offset_y_percentage ?? 0,
    startTime: t.start_time,
    endTime: t.end_time,
  };
}

/** Where a file thread's pin is, as webhooks show it (no signed URLs, nothing caller-dependent). */
export function filePinOfThread(t: FileThreadColumns) {
  return { projectImageId: t.markup_asset_id ?? '', pageNumber: t.page_number, startTime: t.start_time, endTime: t.end_time };
}
