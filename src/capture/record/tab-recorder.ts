/**
 * A screen recording of the tab (issue 17): the browser's own prompt (getDisplayMedia, this tab
 * offered first), MediaRecorder into WebM, ended by `stop()`, by the browser's own "Stop sharing",
 * at the time limit or near the upload limit. Everything it starts — tracks, recorder, listeners,
 * the time limit — belongs to the recording and ends with `destroy()`, so nothing outlives it.
 *
 * The widget is left out of the picture with Element Capture where the browser has it: the track is
 * restricted to the page's root element, and the widget's host, a popover in the top layer, is not
 * painted inside that element. Without Element Capture (or with the host outside the top layer) the
 * widget is in the picture; the UI then keeps only a small stop bar on screen.
 */
import { ListenerCollection } from '../../util/listener-collection';
import { withDuration } from './webm-duration';

/** At most three minutes: a clip shows a problem, it is not a screencast. */
export const MAX_RECORDING_MS = 3 * 60_000;
/** The server takes clips of up to 25 MB; the recording stops before it could grow past that. */
export const MAX_RECORDING_BYTES = 24 * 1024 * 1024;
/** ~18 MB for the longest clip, so the time limit is reached before the size limit. */
const VIDEO_BITS_PER_SECOND = 800_000;
const CHUNK_MS = 1000;
/** The type the clip is uploaded as (the server accepts video/webm, without codec parameters). */
export const CLIP_TYPE = 'video/webm';

export type RecordErrorCode = 'unsupported' | 'cancelled' | 'failed';

export class RecordError extends Error {
  readonly code: RecordErrorCode;
  constructor(code: RecordErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RecordError';
    this.code = code;
  }
}

export interface RecordedClip {
  blob: Blob;
  /** The recorded frame in pixels (at least 1 each). */
  width: number;
  height: number;
  durationMs: number;
}

export type StopReason = 'stopped' | 'ended' | 'time' | 'size';

export interface TabRecording {
  /** When the recorder started (performance.now() clock is not used: the UI shows wall time). */
  readonly startedAt: number;
  readonly maxMs: number;
  /** The widget is left out of the picture (Element Capture on the page's root). */
  readonly widgetLeftOut: boolean;
  /** Settles once the recording ended for whatever reason; rejects only when nothing usable was recorded. */
  readonly finished: Promise<{ clip: RecordedClip; reason: StopReason }>;
  stop(): void;
  /** Ends the recording and drops it (tracks stopped, listeners removed). Safe to call twice. */
  destroy(): void;
}

export interface RecordOptions {
  /** The widget's host element, left out of the picture where the browser allows. */
  leaveOut?: Element;
  maxMs?: number;
  maxBytes?: number;
}

/** Opens the browser's prompt and starts recording; rejects with a RecordError. */
export async function startTabRecording(options: RecordOptions = {}): Promise<TabRecording> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media || typeof media.getDisplayMedia !== 'function' || typeof MediaRecorder !== 'function') {
    throw new RecordError('unsupported', 'This browser cannot record the tab.');
  }
  const stream = await requestStream(media);
  try {
    const widgetLeftOut = await leaveOutWidget(stream, options.leaveOut);
    return recordStream(stream, widgetLeftOut, options);
  } catch (error) {
    stopTracks(stream);
    throw error instanceof RecordError ? error : new RecordError('failed', 'The recording could not start.', { cause: error });
  }
}

async function requestStream(media: MediaDevices): Promise<MediaStream> {
  // preferCurrentTab / selfBrowserSurface are Chromium extensions not yet in TypeScript's DOM types.
  const constraints = {
    video: { displaySurface: 'browser', frameRate: { ideal: 30, max: 30 } },
    audio: false,
    preferCurrentTab: true,
    selfBrowserSurface: 'include',
  } as DisplayMediaStreamOptions;
  try {
    return await media.getDisplayMedia(constraints);
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'AbortError')
      throw new RecordError('cancelled', 'Recording was not allowed.', { cause: error });
    if (name === 'NotSupportedError' || name === 'NotFoundError' || name === 'TypeError') {
      throw new RecordError('unsupported', 'This browser cannot record the tab.', { cause: error });
    }
    throw new RecordError('failed', 'The recording could not start.', { cause: error });
  }
}

type RestrictableTrack = MediaStreamTrack & { restrictTo?: (target: unknown) => Promise<void> };
type RestrictionTargetApi = { fromElement(element: Element): Promise<unknown> };

/** Element Capture on the page's root: the top layer (where the widget's host is) stays out. */
async function leaveOutWidget(stream: MediaStream, host: Element | undefined): Promise<boolean> {
  const track = stream.getVideoTracks()[0] as RestrictableTrack | undefined;
  const api = (globalThis as { RestrictionTarget?: RestrictionTargetApi }).RestrictionTarget;
  if (!host || !track || typeof track.restrictTo !== 'function' || !api) return false;
  try {
    if (!host.matches(':popover-open')) return false;
    await track.restrictTo(await api.fromElement(host.ownerDocument.documentElement));
    return true;
  } catch {
    // Another tab or a window was shared (restriction needs this tab), or the root does not qualify.
    return false;
  }
}

function pickMimeType(): string | undefined {
  const candidates = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

function recordStream(stream: MediaStream, widgetLeftOut: boolean, options: RecordOptions): TabRecording {
  const maxMs = options.maxMs ?? MAX_RECORDING_MS;
  const maxBytes = options.maxBytes ?? MAX_RECORDING_BYTES;
  const listeners = new ListenerCollection();
  const track = stream.getVideoTracks()[0];
  const settings = track?.getSettings() ?? {};
  const mimeType = pickMimeType();
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  let bytes = 0;
  let reason: StopReason = 'stopped';
  let dropped = false;
  const startedAt = Date.now();

  const finished = new Promise<{ clip: RecordedClip; reason: StopReason }>((resolve, reject) => {
    listeners.add(recorder, 'dataavailable', (event: Event) => {
      const data = (event as BlobEvent).data;
      if (!data || data.size === 0) return;
      chunks.push(data);
      bytes += data.size;
      if (bytes >= maxBytes) end('size');
    });
    listeners.add(recorder, 'error', (event: Event) => {
      dropped = true;
      finish();
      reject(new RecordError('failed', 'The recording failed.', { cause: (event as Event & { error?: unknown }).error }));
    });
    listeners.add(recorder, 'stop', () => {
      const durationMs = Date.now() - startedAt;
      finish();
      if (dropped) return reject(new RecordError('cancelled', 'The recording was discarded.'));
      const blob = new Blob(chunks, { type: CLIP_TYPE });
      if (blob.size === 0) return reject(new RecordError('failed', 'Nothing was recorded.'));
      void withDuration(blob, durationMs).then((seekable) =>
        resolve({ clip: { blob: seekable, width: whole(settings.width), height: whole(settings.height), durationMs }, reason }),
      );
    });
  });
  // Nobody may be listening when a recording is destroyed before its end was awaited.
  finished.catch(() => {});

  function end(why: StopReason): void {
    reason = why;
    if (recorder.state !== 'inactive') recorder.stop();
    stopTracks(stream);
  }
  function finish(): void {
    stopTracks(stream);
    listeners.destroy();
  }

  if (track) listeners.add(track, 'ended', () => end('ended'));
  if (widgetLeftOut && options.leaveOut) listeners.own(keepFramesComing(options.leaveOut.ownerDocument));
  listeners.setTimeout(() => end('time'), maxMs);
  recorder.start(CHUNK_MS);

  return {
    startedAt,
    maxMs,
    widgetLeftOut,
    finished,
    stop: () => end('stopped'),
    destroy() {
      dropped = true;
      chunks.length = 0;
      if (recorder.state !== 'inactive') recorder.stop();
      else finish();
      stopTracks(stream);
    },
  };
}

/**
 * A restricted track gets a frame only when the page's root repaints, so a still page would record
 * nothing at all. One transparent pixel of the widget's own, pulsing between two invisible
 * opacities (an animation: no further DOM changes), keeps frames coming; it goes with the recording.
 */
function keepFramesComing(doc: Document): () => void {
  const tick = doc.createElement('pinmark-frame-tick');
  tick.setAttribute('aria-hidden', 'true');
  const style = tick.style;
  for (const [name, value] of Object.entries({
    position: 'fixed',
    left: '0',
    top: '0',
    width: '1px',
    height: '1px',
    display: 'block',
    background: '#000',
    opacity: '0.01',
    'pointer-events': 'none',
  })) {
    style.setProperty(name, value, 'important');
  }
  doc.documentElement.append(tick);
  const pulse =
    typeof tick.animate === 'function'
      ? tick.animate([{ opacity: 0.01 }, { opacity: 0.02 }], { duration: 250, iterations: Infinity, direction: 'alternate' })
      : null;
  return () => {
    pulse?.cancel();
    tick.remove();
  };
}

/** A frame size the server accepts (whole pixels, at least 1). */
function whole(value: number | undefined): number {
  return Math.max(1, Math.round(value ?? 1));
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
