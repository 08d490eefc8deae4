/** "5 min ago" that keeps itself current while shown, with the exact local time on hover. */
import { useEffect, useState } from 'preact/hooks';
import { exactTime, isoTime, relativeTime } from '../format';

/** Often enough for "just now" to become "1 min ago" on time; the timer lives as long as the text. */
const TICK_MS = 30_000;

export function RelativeTime({ epochMs }: { epochMs: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time class="pm-muted" dateTime={isoTime(epochMs)} title={exactTime(epochMs)}>
      {relativeTime(epochMs, now)}
    </time>
  );
}
