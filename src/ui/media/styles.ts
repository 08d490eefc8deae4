/** The media chunk's stylesheet, added to the widget's shadow root by the first component that needs it. */
import { useWidget } from '../hooks';
import mediaCss from './media.css?inline';

export function useMediaStyles(): void {
  useWidget().adoptStyles(mediaCss);
}
