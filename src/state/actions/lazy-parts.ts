/**
 * Parts of the widget only reviewers need, loaded on first use so they stay out of the first load
 * (every visitor pays for that): the path builder behind describePin (@medv/finder) and the browser
 * context capture. Module-level, so every action shares one download. Only parts below state/ are
 * listed here: a part of state itself is loaded by the one module above it (writing-tools.ts,
 * send-control.ts, live-refresh-start.ts, move-actions.ts), so no module loads its own importer.
 */
import { lazyModule } from '../../util/lazy-module';

export const describing = lazyModule(() => import('../../anchor/describe'));
export const capturing = lazyModule(() => import('../../capture'));
/** The screenshot engine; html2canvas is a further chunk it imports only when capturing. */
export const screenshotting = lazyModule(() => import('../../capture/screenshot'));
/** The tab recorder (getDisplayMedia + MediaRecorder), loaded when a reviewer presses Record. */
export const recordingTab = lazyModule(() => import('../../capture/record/tab-recorder'));
