/**
 * The media chunk's stylesheet: added to the widget's shadow root by the first component that needs
 * it, or to the document when rendered outside the widget (the review app, document-styles.ts).
 */
import { useContext } from 'preact/hooks';
import { adoptOutside } from '../document-styles';
import { Widget } from '../hooks';
import mediaCss from './media.css?inline';

export function useMediaStyles(): void {
  const widget = useContext(Widget);
  if (widget) widget.adoptStyles(mediaCss);
  else adoptOutside(document, mediaCss);
}
