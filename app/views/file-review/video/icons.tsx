/** The player's icons, drawn inline (decorative: the buttons carry the names). */
const common = { viewBox: '0 0 20 20', width: 20, height: 20, 'aria-hidden': 'true' as const, focusable: 'false' as const };

export const PlayIcon = () => (
  <svg {...common}>
    <path d="M6 3.5v13l10.5-6.5z" fill="currentColor" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...common}>
    <path d="M5 3.5h3.5v13H5zM11.5 3.5H15v13h-3.5z" fill="currentColor" />
  </svg>
);

export const SoundIcon = ({ muted }: { muted: boolean }) => (
  <svg {...common}>
    <path d="M3 7.5h3l4-3.5v12l-4-3.5H3z" fill="currentColor" />
    {muted ? (
      <path d="M13 7.5l5 5M18 7.5l-5 5" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
    ) : (
      <path d="M13 7a4 4 0 0 1 0 6M15 5a7 7 0 0 1 0 10" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
    )}
  </svg>
);
