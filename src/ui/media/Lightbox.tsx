/**
 * An image at full size over the page (a screenshot or an attached image): a modal dialog that
 * takes focus, keeps it, closes on Esc, the close button or a click outside the image, and gives
 * focus back to whatever opened it.
 */
import { useEffect, useRef } from 'preact/hooks';
import { strings } from '../strings';
import { useMediaStyles } from './styles';

export function Lightbox({ url, label, onClose }: { url: string; label: string; onClose: () => void }) {
  useMediaStyles();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const root = close.current?.getRootNode() as Document | ShadowRoot | undefined;
    const opener = root?.activeElement as HTMLElement | null | undefined;
    close.current?.focus({ preventScroll: true });
    return () => opener?.focus?.({ preventScroll: true });
  }, []);
  return (
    <div
      class="pm-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Tab') {
          // One focusable control: focus stays on it.
          event.preventDefault();
          close.current?.focus();
        }
      }}
    >
      <button ref={close} type="button" class="pm-icon-button pm-lightbox-close" aria-label={strings.screenshot.close} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <img class="pm-lightbox-image" src={url} alt={label} />
    </div>
  );
}
