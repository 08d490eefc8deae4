/** The composer's line saying where a new comment goes, in words (a screen reader hears it too). */
import { fileReviewWords } from '../../i18n/file-review';
import type { FileMarkup, PinPlace } from './kit/contract';

const round = (n: number) => Math.round(n);

export function placeLabel(markup: FileMarkup, place: PinPlace): string {
  const words = fileReviewWords();
  const x = round(place.offsetXPercentage);
  const y = round(place.offsetYPercentage);
  if (place.kind === 'image' && markup.type === 'image') {
    const index = markup.images.findIndex((image) => image.id === place.projectImageId);
    return words.image.place(index + 1, x, y);
  }
  if (place.kind === 'pdf') return words.pagePlace(place.pageNumber, x, y);
  if (place.kind === 'video') return words.videoPlace(place.startTime, place.endTime ?? null, x, y);
  return '';
}
