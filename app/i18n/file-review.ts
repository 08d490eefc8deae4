/**
 * The file review's words in the active language: imported only by the file review's lazy chunk
 * (its tables are small, German included), so the app's first load carries none of them.
 */
import { deFileReview } from './de-file-review';
import { enFileReview, type FileReviewStrings } from './en-file-review';
import { language } from './index';

export type { FileReviewStrings };

export function fileReviewWords(): FileReviewStrings {
  return language.value === 'de' ? deFileReview : enFileReview;
}
