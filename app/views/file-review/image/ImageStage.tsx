/**
 * One image of the set, zoomable, with its pins: the stage (focusable, the keyboard's way in) holds
 * one layer — the image, the pins and the crosshair — that zoom-controller.ts transforms; pins sit at
 * their percentages of the image inside it, so they stay on their spot at every zoom. A click or tap
 * comments there; from the keyboard, arrows move the crosshair (the view follows it), Enter comments
 * at it, + − 0 zoom, Page Up/Down change the image.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MarkupImage } from '../../../../src/api/wire';
import { fileReviewWords } from '../../../i18n/file-review';
import type { ImagePlace, ImageViewerProps } from '../kit/contract';
import { percentIn } from '../kit/geometry';
import { PinMarker, pinLabel } from '../kit/PinMarker';
import { createZoomController, type ZoomController } from './zoom-controller';
import { stagePoint, type View } from './zoom';

export interface ImageStageProps extends Omit<ImageViewerProps, 'markup' | 'updatePending'> {
  image: MarkupImage;
  index: number;
  total: number;
  onView: (view: View) => void;
  onStep: (by: number) => void;
  controllerRef: { current: ZoomController | null };
  touch: boolean;
  /**
   * The image is on screen (decoded and painted) or failed: the filmstrip's thumbnails may load now.
   * Not at its load event: swapping in a hundred thumbnails there would hold back the image's own paint.
   */
  onImageShown: () => void;
}

const ZOOM_STEP = 1.25;
const sizeOf = (image: MarkupImage) => {
  const width = image.previewUrl ? image.previewWidth : image.width;
  const height = image.previewUrl ? image.previewHeight : image.height;
  return width && height ? { width, height } : null;
};

export function ImageStage(props: ImageStageProps) {
  const { image, index, total, threads, selectedThreadId, selectThread, canComment, pending, startThread, cancelThread } = props;
  const words = fileReviewWords().image;
  const stage = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [crosshair, setCrosshair] = useState({ x: 50, y: 50 });
  const [said, setSaid] = useState('');
  const size = sizeOf(image) ?? natural;
  const src = image.previewUrl ?? image.url;
  const shown = useRef({ frame: 0, timer: 0 as ReturnType<typeof setTimeout> | 0, live: true });
  // Decoded, then the frame that paints it, then a task after that frame: only then is it on screen.
  const reportShown = (picture: HTMLImageElement | null) => {
    const decoded = picture ? picture.decode().catch(() => undefined) : Promise.resolve();
    void decoded.then(() => {
      if (!shown.current.live) return;
      cancelAnimationFrame(shown.current.frame);
      shown.current.frame = requestAnimationFrame(() => {
        clearTimeout(shown.current.timer);
        shown.current.timer = setTimeout(() => shown.current.live && props.onImageShown());
      });
    });
  };
  useEffect(
    () => () => {
      shown.current.live = false;
      cancelAnimationFrame(shown.current.frame);
      clearTimeout(shown.current.timer);
    },
    [],
  );

  const comment = (x: number, y: number) => {
    const box = picture.current?.getBoundingClientRect();
    const place: ImagePlace = { kind: 'image', projectImageId: image.id, offsetXPercentage: x, offsetYPercentage: y };
    if (box) Object.assign(place, { width: Math.round(box.width), height: Math.round(box.height) });
    startThread(place);
  };
  // The controller lives across renders; it reads the newest callbacks through this.
  const latest = useRef({ comment, canComment, onView: props.onView });
  latest.current = { comment, canComment, onView: props.onView };

  // Layout effects (the controller, the image's size): the first frame painted already has the image
  // fitted to the stage, not drawn at full size for a frame before it is.
  useLayoutEffect(() => {
    const controller = createZoomController({
      stage: stage.current!,
      layer: layer.current!,
      onView: (view) => latest.current.onView(view),
      onTap: (clientX, clientY) => {
        const box = picture.current?.getBoundingClientRect();
        const spot = box && percentIn(box, clientX, clientY);
        const inside = box && clientX >= box.left && clientX <= box.right && clientY >= box.top && clientY <= box.bottom;
        if (!spot || !inside) return;
        setCrosshair(spot);
        if (latest.current.canComment) latest.current.comment(spot.x, spot.y);
      },
    });
    props.controllerRef.current = controller;
    return () => {
      controller.destroy();
      props.controllerRef.current = null;
    };
  }, []);
  useEffect(() => {
    setFailed(false);
    setCrosshair({ x: 50, y: 50 });
    // An image already decoded (the shell preloads the first one) may be complete before a load listener sees it.
    if (picture.current?.complete && picture.current.naturalWidth > 0) reportShown(picture.current);
  }, [image.id]);
  useLayoutEffect(() => {
    if (size) props.controllerRef.current?.setImage(size);
  }, [image.id, size?.width, size?.height]);

  const controller = () => props.controllerRef.current;
  const crosshairOnStage = () => {
    const c = controller();
    return c && size ? stagePoint(c.view, size, crosshair.x, crosshair.y) : undefined;
  };
  const moveCrosshair = (dx: number, dy: number) => {
    const next = { x: Math.min(100, Math.max(0, crosshair.x + dx)), y: Math.min(100, Math.max(0, crosshair.y + dy)) };
    setCrosshair(next);
    setSaid(words.crosshairAt(Math.round(next.x), Math.round(next.y)));
    controller()?.reveal(next.x, next.y);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== stage.current || event.ctrlKey || event.metaKey || event.altKey) return;
    const step = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case '+':
      case '=':
        controller()?.zoomBy(ZOOM_STEP, crosshairOnStage());
        break;
      case '-':
      case '_':
        controller()?.zoomBy(1 / ZOOM_STEP, crosshairOnStage());
        break;
      case '0':
        controller()?.fit();
        break;
      case 'ArrowLeft':
        moveCrosshair(-step, 0);
        break;
      case 'ArrowRight':
        moveCrosshair(step, 0);
        break;
      case 'ArrowUp':
        moveCrosshair(0, -step);
        break;
      case 'ArrowDown':
        moveCrosshair(0, step);
        break;
      case 'Enter':
      case ' ':
        if (canComment) comment(crosshair.x, crosshair.y);
        break;
      case 'PageDown':
        props.onStep(1);
        break;
      case 'PageUp':
        props.onStep(-1);
        break;
      case 'Escape':
        if (!pending) return;
        cancelThread();
        break;
      default:
        return;
    }
    // The app's own keys (Enter opens the inbox's selection, j/k…) must not see these.
    event.preventDefault();
    event.stopPropagation();
  };

  const here = threads.filter((thread) => thread.projectImageId === image.id);
  const pendingHere = pending && pending.projectImageId === image.id ? pending : null;
  return (
    <div
      class="fr-stage"
      ref={stage}
      tabIndex={0}
      role="application"
      aria-roledescription={words.imageOf(index + 1, total)}
      aria-label={props.touch ? words.stageTouch : words.stage}
      onKeyDown={onKeyDown}
    >
      <div class="fr-layer" ref={layer} style={size ? { width: `${size.width}px`, height: `${size.height}px` } : undefined}>
        {src && !failed ? (
          <img
            ref={picture}
            class="fr-image"
            src={src}
            alt={words.imageOf(index + 1, total)}
            width={size?.width}
            height={size?.height}
            draggable={false}
            decoding="async"
            // Element Timing: the bench reads when the first image was painted.
            {...{ elementtiming: 'fr-image', fetchpriority: 'high' }}
            onLoad={(event) => {
              if (!sizeOf(image)) setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
              reportShown(event.currentTarget);
            }}
            onError={() => {
              setFailed(true);
              reportShown(null);
            }}
          />
        ) : (
          <p class="fr-image-missing" role="alert">
            {src ? words.failed : words.noPreview}
          </p>
        )}
        {size &&
          here.map((thread) => (
            <PinMarker
              key={thread.id}
              number={thread.number}
              x={thread.offsetXPercentage}
              y={thread.offsetYPercentage}
              label={pinLabel(thread)}
              selected={thread.id === selectedThreadId}
              resolved={thread.resolved}
              onActivate={() => selectThread(thread.id)}
            />
          ))}
        {size && pendingHere && <PinMarker number={null} x={pendingHere.offsetXPercentage} y={pendingHere.offsetYPercentage} />}
        <span class="fr-crosshair" aria-hidden="true" style={{ left: `${crosshair.x}%`, top: `${crosshair.y}%` }} />
      </div>
      <p class="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
