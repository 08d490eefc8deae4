/**
 * The video viewer of the file-review page (issue 17): a player with its own controls and the
 * comments on its timeline, and commenting on a frame. Commenting pauses the video and pins the
 * current frame: a click (tap) on the frame, or the crosshair moved with the arrow keys and Enter,
 * gives the point in percent of the frame; the time is the current one, and the composer's time
 * field (TimeRangeField) can extend it to a range. A comment's pin shows on the frame while the time
 * is inside its range (a moment: for a short while after it); choosing a comment — its marker, its
 * pin, the shell's list — seeks to its start. Written against kit/contract.ts; never calls the API.
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ImageThreadResponse } from '../../../../src/api/wire';
import { videoWords } from '../../../i18n/video';
import { pinShownAt, seekFor, wireTime, type FramePoint } from '../../../state/file-review-video';
import type { VideoPlace, VideoViewerProps } from '../kit/contract';
import { TimeRangeField } from './TimeRangeField';
import { useVideo } from './use-video';
import { VideoControls } from './VideoControls';
import { VideoFrame } from './VideoFrame';
import './video.css';

const DEFAULT_RATIO = 16 / 9;

/** Keys typed into a text field or an editor are the reviewer's text, not the player's (the seek bar is an input too). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !/^(range|checkbox|radio|button|submit|reset)$/.test(target.type);
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName);
}

const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;

export function VideoViewer(props: VideoViewerProps) {
  const { markup, threads, selectedThreadId, pending, canComment } = props;
  const words = videoWords();
  const file = markup.video;
  const knownDuration = file?.duration ?? (file?.durationMs != null ? file.durationMs / 1000 : null);
  const { ref, state, controls } = useVideo(knownDuration);
  const [muted, setMuted] = useState(false);
  const [crosshair, setCrosshair] = useState<FramePoint | null>(null);
  const commentButton = useRef<HTMLButtonElement | null>(null);
  // The latest props for the composer's field, which the shell keeps from the startThread call.
  const latest = useRef(props);
  latest.current = props;

  // The composer's time field reads these, so it alone re-renders while the video plays.
  const now = useSignal(0);
  const duration = useSignal(Number.NaN);
  useEffect(() => {
    now.value = state.time;
    duration.value = state.duration;
  }, [state.time, state.duration]);

  // A comment chosen anywhere (marker, pin, the shell's list, a link) brings its moment up, paused.
  const selected = threads.find((thread) => thread.id === selectedThreadId) ?? null;
  const selectedStart = selected?.startTime ?? null;
  useEffect(() => {
    if (selectedStart === null || !state.ready) return;
    controls.pause();
    controls.seek(selectedStart);
  }, [selectedThreadId, selectedStart, state.ready]);

  const chooseThread = (thread: ImageThreadResponse) => {
    if (thread.id === selectedThreadId && thread.startTime !== null) {
      controls.pause();
      controls.seek(thread.startTime);
    }
    props.selectThread(thread.id);
  };

  const place = (point: FramePoint, size: { width: number; height: number }) => {
    controls.pause();
    setCrosshair(null);
    const startTime = wireTime(ref.current?.currentTime ?? state.time);
    const keptEnd = pending?.endTime !== undefined && pending.endTime >= startTime ? { endTime: pending.endTime } : {};
    const next: VideoPlace = {
      kind: 'video',
      ...(file ? { projectImageId: file.id } : {}),
      offsetXPercentage: point.x,
      offsetYPercentage: point.y,
      startTime,
      ...keptEnd,
      ...(size.width > 0 && size.height > 0 ? size : {}),
    };
    if (pending) props.updatePending(next);
    else props.startThread(next, { renderExtra: renderTimeField });
  };

  const renderTimeField = (current: VideoPlace) => (
    <TimeRangeField
      place={current}
      now={now}
      duration={duration}
      onChange={(changed) => latest.current.updatePending(changed)}
      onGoToStart={() => {
        controls.pause();
        controls.seek(current.startTime);
      }}
    />
  );

  const startPlacing = () => {
    if (!canComment || !state.ready) return;
    controls.pause();
    setCrosshair(pending ? { x: pending.offsetXPercentage, y: pending.offsetYPercentage } : { x: 50, y: 50 });
  };
  const cancelPlacing = () => {
    setCrosshair(null);
    commentButton.current?.focus();
  };

  const toggleMute = () => {
    const video = ref.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const onButton = event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement;
    const key = event.key;
    if ((key === ' ' && !onButton) || key === 'k' || key === 'K') controls.toggle();
    else if (key === 'c' || key === 'C') startPlacing();
    else if (key === 'm' || key === 'M') toggleMute();
    else {
      const seek = seekFor(key, event.shiftKey);
      if (!seek) return;
      controls.seek('by' in seek ? state.time + seek.by : seek.to === 'start' ? 0 : state.duration);
    }
    event.preventDefault();
  };

  const shownPins = state.ready ? threads.filter((thread) => pinShownAt(thread, state.time)) : [];
  const ratio = state.ratio ?? (file?.width && file.height ? file.width / file.height : DEFAULT_RATIO);
  const hint = crosshair ? words.placeHint : touchOnly() ? (canComment ? words.placeHintTouch : '') : words.keys;

  return (
    <section class="vv" aria-label={words.player} onKeyDown={onKeyDown}>
      <div class="vv-stage">
        <VideoFrame
          videoRef={ref}
          src={file?.url ?? null}
          poster={markup.thumbnailUrl}
          ratio={ratio}
          state={state}
          pins={shownPins}
          selectedThreadId={selectedThreadId}
          onPin={chooseThread}
          pending={pending}
          canComment={canComment && state.ready}
          crosshair={crosshair}
          onCrosshair={setCrosshair}
          onCancelPlacing={cancelPlacing}
          onPlace={place}
          onToggle={controls.toggle}
        />
      </div>
      <VideoControls
        state={state}
        muted={muted}
        threads={threads}
        selectedThreadId={selectedThreadId}
        canComment={canComment && state.ready}
        onToggle={controls.toggle}
        onMute={toggleMute}
        onSeek={controls.seek}
        onMarker={chooseThread}
        onComment={startPlacing}
        commentRef={commentButton}
      />
      <p id="vv-place-hint" class="small muted vv-hint">
        {hint}
      </p>
    </section>
  );
}
