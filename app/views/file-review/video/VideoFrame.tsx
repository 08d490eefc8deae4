/**
 * The video's frame and what is drawn on it: the `<video>` element sized to the frame's own aspect
 * ratio (so the element's box is the picture's box and a pin's percent is percent of the picture),
 * the pins of the comments whose time range holds the current time, the pending pin, and the
 * keyboard crosshair. A click on the frame is a comment on that spot of the current frame; while
 * the file loads, the poster (when the server made one) or a dark box of the right shape says so.
 */
import type { Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ImageThreadResponse } from '../../../../src/api/wire';
import { videoWords } from '../../../i18n/video';
import { nudgePoint, type FramePoint } from '../../../state/file-review-video';
import type { VideoPlace } from '../kit/contract';
import { percentIn } from '../kit/geometry';
import { PinMarker, pinLabel } from '../kit/PinMarker';
import type { VideoState } from './use-video';

export interface VideoFrameProps {
  videoRef: Ref<HTMLVideoElement>;
  src: string | null;
  poster: string | null;
  /** Width ÷ height of the picture. */
  ratio: number;
  state: VideoState & { ready: boolean };
  /** The comments to draw now (their range holds the current time, or the selected one). */
  pins: readonly ImageThreadResponse[];
  selectedThreadId: string | null;
  onPin: (thread: ImageThreadResponse) => void;
  pending: VideoPlace | null;
  canComment: boolean;
  /** The keyboard crosshair's point, or null when not placing a pin with keys. */
  crosshair: FramePoint | null;
  onCrosshair: (point: FramePoint | null) => void;
  /** Esc at the crosshair: placing ends and focus goes back where it started. */
  onCancelPlacing: () => void;
  /** A spot was chosen (click, tap, or Enter at the crosshair); the frame's size in CSS px beside it. */
  onPlace: (point: FramePoint, size: { width: number; height: number }) => void;
  onToggle: () => void;
}

export function VideoFrame(props: VideoFrameProps) {
  const { state, pins, pending, crosshair } = props;
  const words = videoWords();
  const layerRef = useRef<HTMLDivElement>(null);
  const crosshairRef = useRef<HTMLDivElement>(null);

  const sizeOf = () => {
    const box = layerRef.current?.getBoundingClientRect();
    return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
  };

  // Placing with keys starts with the focus on the crosshair, so the arrows move it at once.
  const placingWithKeys = crosshair !== null;
  useEffect(() => {
    if (placingWithKeys) crosshairRef.current?.focus();
  }, [placingWithKeys]);

  const onClick = (event: MouseEvent) => {
    if (!props.canComment) return props.onToggle();
    const box = layerRef.current?.getBoundingClientRect();
    const point = box && percentIn(box, event.clientX, event.clientY);
    if (point) props.onPlace(point, sizeOf());
  };

  const onCrosshairKey = (event: KeyboardEvent) => {
    if (!crosshair) return;
    const moved = nudgePoint(crosshair, event.key, event.shiftKey);
    if (moved) props.onCrosshair(moved);
    else if (event.key === 'Enter' || event.key === ' ') props.onPlace(crosshair, sizeOf());
    else if (event.key === 'Escape') props.onCancelPlacing();
    else return;
    // The player's keys (seek on arrows, play on Space) and the app's must not act on these.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div
      class={`vv-frame${props.canComment ? ' vv-frame--commentable' : ''}`}
      style={{ aspectRatio: String(props.ratio), '--vv-ratio': String(props.ratio) }}
    >
      <video
        ref={props.videoRef}
        class="vv-video"
        src={props.src ?? undefined}
        poster={props.poster ?? undefined}
        preload="auto"
        playsInline
        // Pins, pending pin and crosshair are drawn by us; the element's own controls would cover them.
        controls={false}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div ref={layerRef} class="vv-layer" onClick={onClick} title={props.canComment ? words.clickToComment : undefined} data-video-layer>
        {pins.map((thread) => (
          <PinMarker
            key={thread.id}
            number={thread.number}
            x={thread.offsetXPercentage}
            y={thread.offsetYPercentage}
            label={pinLabel(thread)}
            selected={thread.id === props.selectedThreadId}
            resolved={thread.resolved}
            onActivate={() => props.onPin(thread)}
          />
        ))}
        {pending && !crosshair && <PinMarker number={null} x={pending.offsetXPercentage} y={pending.offsetYPercentage} tabIndex={-1} />}
        {crosshair && (
          <div
            ref={crosshairRef}
            class="vv-crosshair"
            role="application"
            tabIndex={0}
            aria-label={words.crosshair}
            aria-describedby="vv-place-hint"
            style={{ left: `${crosshair.x}%`, top: `${crosshair.y}%` }}
            onKeyDown={onCrosshairKey}
            onClick={(event) => event.stopPropagation()}
            onBlur={(event) => {
              // Leaving the crosshair (Tab away) ends placing, as Esc does; a click on the frame places first.
              if (!layerRef.current?.contains(event.relatedTarget as Node | null)) props.onCrosshair(null);
            }}
          >
            <span class="visually-hidden" aria-live="polite">
              {words.crosshairAt(crosshair.x, crosshair.y)}
            </span>
          </div>
        )}
      </div>
      {!state.ready && !state.failed && (
        <div class={`vv-cover${props.poster ? ' vv-cover--poster' : ''}`} role="status">
          <span class="vv-spinner" aria-hidden="true" />
          <span>{words.loading}</span>
        </div>
      )}
      {state.ready && state.waiting && !state.paused && (
        <div class="vv-cover vv-cover--clear" role="status">
          <span class="vv-spinner" aria-hidden="true" />
          <span class="visually-hidden">{words.buffering}</span>
        </div>
      )}
      {state.failed && (
        <div class="vv-cover" role="alert">
          <span>{words.failed}</span>
          {props.src && (
            <a class="vv-download" href={props.src} download>
              {words.download}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
