/**
 * The shapes of a file review below the views: the file markups and threads, and the place of a new
 * pin in the wire's own field names (most of the POST /threads body). The viewers' contract
 * (views/file-review/kit/contract.ts) re-exports them; state and api import them from here, so no
 * floor imports a view.
 */
import type {
  ImageMarkupResponse,
  ImageThreadResponse,
  PdfMarkupResponse,
  PdfThreadResponse,
  TextHighlight,
  VideoMarkupResponse,
} from '../../src/api/wire';

export type FileKind = 'image' | 'pdf' | 'video';

export type FileMarkup = ImageMarkupResponse | PdfMarkupResponse | VideoMarkupResponse;
/** Image and video threads are `ImageThreadResponse` (video ones with startTime/endTime); PDF threads `PdfThreadResponse`. */
export type FileThread = ImageThreadResponse | PdfThreadResponse;

/** The fields every place has; names are the wire's, so a place is most of the POST /threads body. */
interface PlaceBase {
  /** Percent (0–100) of the image / page / video frame as displayed, from its top-left corner. */
  offsetXPercentage: number;
  offsetYPercentage: number;
  /** The size in CSS px the viewer showed the image (page, frame) at when pinning; optional. */
  width?: number;
  height?: number;
}

/** A spot on one image of an image set. */
export interface ImagePlace extends PlaceBase {
  kind: 'image';
  /** The MarkupImage's id. */
  projectImageId: string;
}

/** A spot on the video's frame at a moment (`endTime` absent) or over a time range, in seconds. */
export interface VideoPlace extends PlaceBase {
  kind: 'video';
  /** The MarkupVideo's id (optional: the server defaults to the markup's video). */
  projectImageId?: string;
  startTime: number;
  endTime?: number;
}

/** A spot on a PDF page (1-based), optionally the text selected there. */
export interface PdfPlace extends PlaceBase {
  kind: 'pdf';
  pageNumber: number;
  /** The page's MarkupImage id (optional beside pageNumber). */
  projectImageId?: string;
  textHighlight?: TextHighlight;
}

export type PinPlace = ImagePlace | VideoPlace | PdfPlace;
