/**
 * The `<video>` element as Preact state: time, duration, paused, loaded, failed. `timeupdate` fires
 * only about four times a second, too coarse for pins that come and go with their range and for a
 * playhead that should glide, so while playing the time is read every animation frame.
 *
 * A WebM recorded by MediaRecorder (screen recordings, Chromium's own output) has no duration in its
 * header: the element says `Infinity` until it has seen the end. The usual remedy is to seek far past
 * the end once, which makes the browser find it, then come back — unless the server measured it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { clampTime } from '../../../state/file-review-video';

export interface VideoState {
  time: number;
  /** Seconds; `NaN` until known. */
  duration: number;
  paused: boolean;
  /** The first frame is there to show. */
  loaded: boolean;
  waiting: boolean;
  failed: boolean;
  /** Loaded and, for a file without a duration in its header, back from finding it (its last frame is not the reviewer's). */
  ready: boolean;
  /** Width ÷ height of the picture once the element knows it, else null. */
  ratio: number | null;
}

export interface VideoControls {
  play(): void;
  pause(): void;
  toggle(): void;
  seek(time: number): void;
}

export function useVideo(knownDuration: number | null): {
  ref: { current: HTMLVideoElement | null };
  state: VideoState;
  controls: VideoControls;
} {
  const ref = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<VideoState>({
    time: 0,
    duration: knownDuration ?? Number.NaN,
    paused: true,
    loaded: false,
    waiting: false,
    failed: false,
    ready: false,
    ratio: null,
  });
  const durationFix = useRef<'none' | 'seeking' | 'done'>('none');
  /** Where to go once the duration is found: a seek asked for meanwhile, else the start. */
  const seekAfterFix = useRef(0);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let frame = 0;
    const durationOf = () => {
      const measured = video.duration;
      if (Number.isFinite(measured) && measured > 0) return measured;
      return knownDuration ?? Number.NaN;
    };
    const read = () => {
      // While the duration is being found, the element's time is far past the end: not the reviewer's.
      // The fix ends once the duration is known and that seek has finished: a seek back started while
      // it still runs may leave the last frame on screen (seen in Chromium).
      if (durationFix.current === 'seeking') {
        if (!Number.isFinite(video.duration) || video.seeking) return;
        durationFix.current = 'done';
        video.currentTime = seekAfterFix.current;
      }
      setState((previous) => {
        const loaded = previous.loaded || video.readyState >= 2;
        return {
          ...previous,
          time: video.currentTime,
          duration: durationOf(),
          paused: video.paused,
          loaded,
          ready: loaded,
          ratio: video.videoWidth > 0 && video.videoHeight > 0 ? video.videoWidth / video.videoHeight : previous.ratio,
        };
      });
    };
    const tick = () => {
      read();
      frame = video.paused ? 0 : requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
      read();
    };
    const onMetadata = () => {
      if (!Number.isFinite(video.duration) && knownDuration === null && durationFix.current === 'none') {
        durationFix.current = 'seeking';
        video.currentTime = 1e101;
        return;
      }
      read();
    };
    const onWaiting = () => setState((previous) => ({ ...previous, waiting: true }));
    const onPlaying = () => setState((previous) => ({ ...previous, waiting: false }));
    const onError = () => setState((previous) => ({ ...previous, failed: true, waiting: false }));
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', read],
      ['seeked', read],
      ['timeupdate', read],
      ['ended', read],
      ['loadedmetadata', onMetadata],
      ['durationchange', read],
      ['loadeddata', read],
      ['waiting', onWaiting],
      ['playing', onPlaying],
      [
        'canplay',
        () => {
          onPlaying();
          read();
        },
      ],
      ['error', onError],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    // The element may have got this far before these listeners were there.
    if (video.readyState >= 1) onMetadata();
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    };
  }, [knownDuration]);

  const controls: VideoControls = {
    play: () => {
      const video = ref.current;
      if (!video) return;
      if (video.ended) video.currentTime = 0;
      // A refused play (autoplay rules, a source that failed) is shown by the state, not thrown.
      void video.play().catch(() => undefined);
    },
    pause: () => ref.current?.pause(),
    toggle: () => {
      const video = ref.current;
      if (!video) return;
      if (video.paused) controls.play();
      else video.pause();
    },
    seek: (time: number) => {
      const video = ref.current;
      if (!video) return;
      if (durationFix.current === 'seeking') {
        seekAfterFix.current = Math.max(0, time);
        return;
      }
      const duration = Number.isFinite(video.duration) ? video.duration : (knownDuration ?? Number.NaN);
      video.currentTime = clampTime(time, duration);
      setState((previous) => ({ ...previous, time: video.currentTime }));
    },
  };
  return { ref, state, controls };
}
