/**
 * The image viewer of the file review (issue 17): the zoom toolbar, the stage with the shown image
 * and its pins (ImageStage), and the filmstrip of the set. Follows the contract (kit/contract.ts):
 * a selected thread shows its image and brings its pin into view; a click, a tap or Enter at the
 * crosshair asks the shell's composer for a new thread at that spot.
 */
import { useSignal, type Signal } from '@preact/signals';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { fileReviewWords } from '../../../i18n/file-review';
import type { ImageViewerProps } from '../kit/contract';
import { Filmstrip } from './Filmstrip';
import { ImageStage } from './ImageStage';
import type { ZoomController } from './zoom-controller';
import { zoomPercent, type View } from './zoom';

const ZOOM_STEP = 1.25;
const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;

export function ImageViewer(props: ImageViewerProps) {
  const { markup, threads, selectedThreadId, revealRequest } = props;
  const words = fileReviewWords().image;
  const images = useMemo(() => [...markup.images].sort((a, b) => a.position - b.position), [markup.images]);
  const [current, setCurrent] = useState(() => {
    const selected = threads.find((thread) => thread.id === selectedThreadId);
    return Math.max(0, selected ? images.findIndex((image) => image.id === selected.projectImageId) : 0);
  });
  // A signal read only by ZoomLevel: a zoom frame re-renders that text, not the viewer and its pins.
  const level = useSignal<number | null>(null);
  const controllerRef = useRef<ZoomController | null>(null);
  const [shownOnce, setShownOnce] = useState(false);
  const image = images[Math.min(current, images.length - 1)];
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const thread of threads) if (!thread.resolved) map.set(thread.projectImageId, (map.get(thread.projectImageId) ?? 0) + 1);
    return map;
  }, [threads]);

  // A thread selected anywhere (the list, a pin, a new post) shows its image and its pin.
  useEffect(() => {
    const selected = threads.find((thread) => thread.id === selectedThreadId);
    if (!selected) return;
    const at = images.findIndex((candidate) => candidate.id === selected.projectImageId);
    if (at >= 0 && at !== current) setCurrent(at);
    requestAnimationFrame(() => controllerRef.current?.reveal(selected.offsetXPercentage, selected.offsetYPercentage));
  }, [selectedThreadId, revealRequest]);

  const show = (index: number) => {
    const next = Math.max(0, Math.min(images.length - 1, index));
    if (next !== current && props.pending) props.cancelThread();
    setCurrent(next);
  };
  const onView = (view: View) => {
    const size = image && (image.previewUrl ? { width: image.previewWidth ?? 0 } : { width: image.width ?? 0 });
    level.value = size ? zoomPercent(view, { width: size.width || 1, height: 1 }, image.width) : null;
  };

  if (!image) return <p class="muted fr-viewer-status">{words.noPreview}</p>;
  return (
    <div class="fr-image-viewer">
      <div class="fr-image-toolbar" role="toolbar" aria-label={words.zoom}>
        <span class="small muted fr-image-count">{words.imageOf(current + 1, images.length)}</span>
        <button
          type="button"
          class="button button--small"
          aria-label={words.zoomOut}
          onClick={() => controllerRef.current?.zoomBy(1 / ZOOM_STEP)}
        >
          −
        </button>
        <ZoomLevel level={level} />
        <button
          type="button"
          class="button button--small"
          aria-label={words.zoomIn}
          onClick={() => controllerRef.current?.zoomBy(ZOOM_STEP)}
        >
          +
        </button>
        <button type="button" class="button button--small" onClick={() => controllerRef.current?.fit()}>
          {words.fit}
        </button>
      </div>
      <ImageStage
        {...props}
        image={image}
        index={current}
        total={images.length}
        onView={onView}
        onStep={(by) => show(current + by)}
        controllerRef={controllerRef}
        touch={touchOnly()}
        onImageShown={() => setShownOnce(true)}
      />
      <Filmstrip images={images} current={current} counts={counts} onShow={show} loadThumbnails={shownOnce} />
    </div>
  );
}

function ZoomLevel({ level }: { level: Signal<number | null> }) {
  const value = level.value;
  return <output class="small fr-zoom-level">{value === null ? '' : fileReviewWords().image.level(value)}</output>;
}
