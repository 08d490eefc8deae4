/**
 * The new comment's time, shown inside the shared composer (kit's `renderExtra`): where it starts
 * (the frame that was pinned; a button goes back to it) and, optionally, where it ends — typed
 * (`1:02.5` or seconds), or "End here" after playing on to the moment the problem stops. Empty is
 * a comment on a moment. The player's time arrives as a signal, so only this field re-renders while
 * the video plays, not the composer around it.
 */
import type { ReadonlySignal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { videoWords } from '../../../i18n/video';
import { endTimeProblem, formatTime, parseTime, wireTime } from '../../../state/file-review-video';
import type { VideoPlace } from '../kit/contract';

export interface TimeRangeFieldProps {
  place: VideoPlace;
  /** The player's current time and the video's duration (NaN while unknown). */
  now: ReadonlySignal<number>;
  duration: ReadonlySignal<number>;
  onChange: (place: VideoPlace) => void;
  onGoToStart: () => void;
}

let counter = 0;

export function TimeRangeField({ place, now, duration, onChange, onGoToStart }: TimeRangeFieldProps) {
  const words = videoWords().time;
  const [id] = useState(() => `vv-range-${++counter}`);
  const shownEnd = place.endTime === undefined ? '' : formatTime(place.endTime, true);
  const [text, setText] = useState(shownEnd);
  const [problem, setProblem] = useState<string | null>(null);
  // "End here" and a re-pinned frame change the place from outside: the field follows.
  useEffect(() => {
    setText(shownEnd);
    setProblem(null);
  }, [shownEnd]);

  const start = formatTime(place.startTime, true);
  const withEnd = (end: number | undefined) => {
    const { endTime: _dropped, ...rest } = place;
    return end === undefined ? rest : { ...rest, endTime: wireTime(end) };
  };
  const apply = (end: number | undefined): boolean => {
    const trouble = end === undefined ? null : endTimeProblem(place.startTime, end, duration.value);
    if (trouble === 'before-start') setProblem(words.beforeStart(start));
    else if (trouble === 'after-end') setProblem(words.afterEnd(formatTime(duration.value, true)));
    else {
      setProblem(null);
      onChange(withEnd(end));
      return true;
    }
    return false;
  };
  const commit = () => {
    if (text.trim() === '') return apply(undefined);
    const end = parseTime(text);
    if (end === null) {
      setProblem(words.notATime);
      return false;
    }
    return apply(end);
  };

  const current = now.value;
  const canEndHere = current > place.startTime;
  return (
    <fieldset class="vv-range" data-video-range>
      <legend class="vv-range-title">{words.title}</legend>
      <div class="vv-range-row">
        <span>{words.from}</span>
        <button type="button" class="vv-range-start" onClick={onGoToStart} title={words.goToStart}>
          {start}
        </button>
        <label class="vv-range-until" for={`${id}-end`}>
          {words.until}
        </label>
        <input
          id={`${id}-end`}
          class="vv-range-end"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          size={7}
          value={text}
          placeholder="–"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
          onBlur={commit}
          onKeyDown={(event) => {
            // Enter sets the end here; the composer's own Enter (send) must not fire with a bad time.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.stopPropagation();
            commit();
          }}
        />
      </div>
      <div class="vv-range-row">
        <button type="button" class="button button--small" disabled={!canEndHere} onClick={() => apply(current)}>
          {words.endHere(formatTime(current, true))}
        </button>
        {place.endTime !== undefined && (
          <button type="button" class="button button--small button--quiet" onClick={() => apply(undefined)}>
            {words.clearEnd}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} class="small muted vv-range-hint">
        {words.untilHint}
      </p>
      {problem && (
        <p id={`${id}-problem`} class="small error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
