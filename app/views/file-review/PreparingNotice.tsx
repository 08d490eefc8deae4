/**
 * What a file markup shows while the server converts it (isReady false): a progress bar without an
 * end (conversion reports none), the seconds waited, and after a minute a word that large files take
 * longer. The shell polls; this only tells the reviewer that something is happening.
 */
import { useEffect, useState } from 'preact/hooks';
import { fileReviewWords } from '../../i18n/file-review';

const SLOW_AFTER_S = 60;

export function PreparingNotice({ since }: { since: number }) {
  const words = fileReviewWords();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  return (
    <div class="panel fr-preparing" role="status" aria-live="polite">
      <p class="fr-preparing-title">{words.preparing}</p>
      <progress class="fr-progress" aria-label={words.preparing} />
      <p class="small muted">
        {words.preparingHint} <span aria-hidden="true">{words.waited(seconds)}</span>
      </p>
      {seconds >= SLOW_AFTER_S && <p class="small">{words.slow}</p>}
    </div>
  );
}
