/**
 * The video viewer's words in the active language: imported only by the video viewer's lazy chunk, so
 * neither the app's first load nor the other viewers carry them.
 */
import { deVideo } from './de-video';
import { enVideo, type VideoStrings } from './en-video';
import { language } from './index';

export type { VideoStrings };

export function videoWords(): VideoStrings {
  return language.value === 'de' ? deVideo : enVideo;
}
