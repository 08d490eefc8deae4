/**
 * Whether this browser can record the tab at all, asked before the Record action is shown: the
 * action is absent where it could only fail. Tiny and free of the recorder itself, so the composer
 * can ask without downloading the recorder chunk. Phones and tablets have no getDisplayMedia today;
 * a touch-only device that grows one still gets no Record action (nothing to record but the screen
 * the reviewer holds, and no room for a stop bar beside the bottom sheet).
 */
export function canRecordTab(win: Window = window): boolean {
  try {
    const media = win.navigator.mediaDevices as MediaDevices | undefined;
    if (!media || typeof media.getDisplayMedia !== 'function') return false;
    const recorder = (win as Window & { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
    if (typeof recorder !== 'function') return false;
    if (typeof recorder.isTypeSupported === 'function' && !recorder.isTypeSupported('video/webm')) return false;
    return !win.matchMedia?.('(hover: none) and (pointer: coarse)').matches;
  } catch {
    return false;
  }
}
