/**
 * The player's own controls (the element's native ones would sit over the pins and cannot carry
 * comment markers): play/pause, mute, the time, the seek bar and above it the comments on the
 * timeline — a dot at a moment, a bar over a range — and the button that comments on the frame.
 * The seek bar is a native range input (a slider to assistive technology, dragged and tapped as
 * any), whose arrow keys seek by the player's steps instead of its own tiny ones.
 */
import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { ImageThreadResponse } from '../../../../src/api/wire';
import { videoWords } from '../../../i18n/video';
import { formatTime, markerLanes, markerSpan, seekFor } from '../../../state/file-review-video';
import { PauseIcon, PlayIcon, SoundIcon } from './icons';
import type { VideoState } from './use-video';

export interface VideoControlsProps {
  state: VideoState;
  muted: boolean;
  threads: readonly ImageThreadResponse[];
  selectedThreadId: string | null;
  canComment: boolean;
  onToggle: () => void;
  onMute: () => void;
  onSeek: (time: number) => void;
  onMarker: (thread: ImageThreadResponse) => void;
  onComment: () => void;
  /** Where focus goes back to when placing a pin with keys is cancelled. */
  commentRef: Ref<HTMLButtonElement>;
}

export function VideoControls(props: VideoControlsProps) {
  const { state } = props;
  const words = videoWords();
  const known = Number.isFinite(state.duration) && state.duration > 0;
  const total = known ? formatTime(state.duration, true) : null;
  const lanes = markerLanes(props.threads, state.duration);
  const laneCount = Math.max(1, ...lanes.map((lane) => lane + 1));

  // The markers are one Tab stop (the selected comment's, else the earliest); ← → Home End go between
  // them in time order, so many comments do not stand between the reviewer and the play button.
  const listRef = useRef<HTMLUListElement>(null);
  const [roving, setRoving] = useState<string | null>(null);
  const inTime = props.threads
    .filter((thread) => thread.startTime !== null)
    .sort((a, b) => a.startTime! - b.startTime! || a.number - b.number);
  const tabStop = [roving, props.selectedThreadId].find((id) => id && inTime.some((thread) => thread.id === id)) ?? inTime[0]?.id ?? null;
  const onMarkerKey = (event: KeyboardEvent, thread: ImageThreadResponse) => {
    const at = inTime.findIndex((entry) => entry.id === thread.id);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? inTime[Math.min(inTime.length - 1, at + 1)]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? inTime[Math.max(0, at - 1)]
          : event.key === 'Home'
            ? inTime[0]
            : event.key === 'End'
              ? inTime[inTime.length - 1]
              : undefined;
    if (!next || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    setRoving(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-marker="${next.number}"]`)?.focus();
  };

  const onRangeKey = (event: KeyboardEvent) => {
    const seek = seekFor(event.key, event.shiftKey);
    if (!seek || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    if ('by' in seek) props.onSeek(state.time + seek.by);
    else props.onSeek(seek.to === 'start' ? 0 : state.duration);
  };

  return (
    <div class="vv-controls">
      <div class="vv-timeline" style={{ '--vv-lanes': String(laneCount) }}>
        {known && (
          <ul class="vv-markers" aria-label={words.markers} ref={listRef}>
            {props.threads.map((thread, index) => {
              const span = markerSpan(thread, state.duration);
              if (!span || thread.startTime === null) return null;
              const end = thread.endTime === null ? null : formatTime(thread.endTime, true);
              const selected = thread.id === props.selectedThreadId;
              return (
                <li
                  key={thread.id}
                  class="vv-marker-item"
                  style={{ left: `${span.left}%`, width: `${span.width}%`, '--vv-lane': String(lanes[index]) }}
                >
                  <button
                    type="button"
                    class={`vv-marker${span.width > 0 ? ' vv-marker--range' : ''}${selected ? ' vv-marker--selected' : ''}${
                      thread.resolved ? ' vv-marker--resolved' : ''
                    }`}
                    aria-label={words.marker(thread.number, formatTime(thread.startTime, true), end)}
                    aria-pressed={selected}
                    title={words.marker(thread.number, formatTime(thread.startTime, true), end)}
                    data-marker={thread.number}
                    tabIndex={thread.id === tabStop ? 0 : -1}
                    onKeyDown={(event) => onMarkerKey(event, thread)}
                    onFocus={() => setRoving(thread.id)}
                    onClick={() => props.onMarker(thread)}
                  >
                    <span class="vv-marker-mark" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <input
          type="range"
          class="vv-seek"
          min={0}
          max={known ? state.duration : 0}
          step="any"
          value={known ? Math.min(state.time, state.duration) : 0}
          disabled={!known}
          aria-label={words.position}
          aria-valuetext={words.positionText(formatTime(state.time, true), total)}
          style={{ '--vv-progress': known ? `${(Math.min(state.time, state.duration) / state.duration) * 100}%` : '0%' }}
          onInput={(event) => props.onSeek(Number((event.currentTarget as HTMLInputElement).value))}
          onKeyDown={onRangeKey}
        />
      </div>
      <div class="vv-buttons">
        <button type="button" class="vv-button vv-play" aria-label={state.paused ? words.play : words.pause} onClick={props.onToggle}>
          {state.paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button
          type="button"
          class="vv-button"
          aria-label={props.muted ? words.unmute : words.mute}
          aria-pressed={props.muted}
          onClick={props.onMute}
        >
          <SoundIcon muted={props.muted} />
        </button>
        <span class="vv-time" aria-hidden="true">
          {formatTime(state.time, true)}
          {total && <span class="vv-time-total"> / {total}</span>}
        </span>
        {props.canComment && (
          <button
            ref={props.commentRef}
            type="button"
            class="button button--small vv-comment"
            onClick={props.onComment}
            aria-keyshortcuts="C"
            aria-label={words.comment}
          >
            <span aria-hidden="true">+ </span>
            {words.commentShort}
          </button>
        )}
      </div>
    </div>
  );
}
