/**
 * A message's video clips (issue 17: screen recordings made with the widget's Record action, or any
 * clip a client sent), played in a plain `<video controls>` from the server's signed `sharedUrl`.
 * Shared by the widget's thread view and the review app's message; the title is text, and only
 * http(s) addresses become a source (no user content becomes HTML or a script URL).
 */
import type { VideoClip } from '../../api/wire';

/** The clip's address when it is one a video may load: http(s), else nothing is shown. */
export function playableUrl(clip: VideoClip): string | null {
  try {
    const url = new URL(clip.sharedUrl, document.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function ClipVideos({ clips }: { clips: readonly VideoClip[] | undefined }) {
  const shown = (Array.isArray(clips) ? clips : []).flatMap((clip) => {
    const src = playableUrl(clip);
    return src ? [{ clip, src }] : [];
  });
  if (!shown.length) return null;
  return (
    <ul class="pm-clips" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'grid', gap: '8px' }}>
      {shown.map(({ clip, src }) => (
        <li key={clip.id} class="pm-clip">
          <video
            class="pm-clip-video"
            src={src}
            controls
            preload="metadata"
            playsInline
            aria-label={clip.title}
            style={{
              display: 'block',
              width: '100%',
              maxHeight: '320px',
              aspectRatio: clip.width > 0 && clip.height > 0 ? `${clip.width} / ${clip.height}` : '16 / 9',
              background: '#000',
              borderRadius: '6px',
            }}
          />
          <span class="pm-muted pm-clip-title" style={{ fontSize: '12px' }}>
            {clip.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
