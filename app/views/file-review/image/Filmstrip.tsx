/**
 * The image set as a strip of thumbnails (the renditions conversion made), one Tab stop: the arrow
 * keys, Home and End move along it (roving focus), Enter or a click shows that image. Each says its
 * place in the set and how many comments it has; thumbnails load lazily, so a set of hundreds costs
 * only what is on screen.
 */
import { useRef } from 'preact/hooks';
import type { MarkupImage } from '../../../../src/api/wire';
import { fileReviewWords } from '../../../i18n/file-review';

export interface FilmstripProps {
  images: MarkupImage[];
  current: number;
  /** Comments per image id (open ones). */
  counts: Map<string, number>;
  onShow: (index: number) => void;
  /** False until the shown image has loaded: thumbnails wait, so they never compete with it. */
  loadThumbnails: boolean;
}

export function Filmstrip({ images, current, counts, onShow, loadThumbnails }: FilmstripProps) {
  const words = fileReviewWords().image;
  const list = useRef<HTMLUListElement>(null);
  const focusAt = (index: number) => {
    const target = Math.max(0, Math.min(images.length - 1, index));
    onShow(target);
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLButtonElement>('button')[target]?.focus());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      Home: 0,
      End: images.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    focusAt(to);
  };
  if (images.length < 2) return null;
  return (
    <nav class="fr-filmstrip" aria-label={words.set}>
      <ul ref={list} onKeyDown={onKeyDown}>
        {images.map((image, index) => {
          const count = counts.get(image.id) ?? 0;
          const thumb = image.thumbnailUrl ?? image.previewUrl ?? image.url;
          return (
            <li key={image.id}>
              <button
                type="button"
                class="fr-thumb"
                tabIndex={index === current ? 0 : -1}
                aria-current={index === current ? 'true' : undefined}
                aria-label={`${words.imageOf(index + 1, images.length)}${count ? `, ${words.pins(count)}` : ''}`}
                onClick={() => onShow(index)}
              >
                {thumb && loadThumbnails ? (
                  <img src={thumb} alt="" loading="lazy" decoding="async" draggable={false} />
                ) : (
                  <span class="fr-thumb-empty" />
                )}
                <span class="fr-thumb-number" aria-hidden="true">
                  {index + 1}
                </span>
                {count > 0 && (
                  <span class="fr-thumb-count" aria-hidden="true">
                    {count}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
