/** The few icons of the workspace view, drawn inline (decorative: the text beside them names them). */
const common = { viewBox: '0 0 20 20', width: 18, height: 18, 'aria-hidden': 'true' as const, focusable: 'false' as const };

export const FolderIcon = () => (
  <svg {...common}>
    <path
      d="M2 5.5A1.5 1.5 0 0 1 3.5 4h4l2 2h7A1.5 1.5 0 0 1 18 7.5v7a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 2 14.5z"
      fill="currentColor"
    />
  </svg>
);

export const PageIcon = () => (
  <svg {...common}>
    <circle cx="10" cy="10" r="7.25" fill="none" stroke="currentColor" stroke-width="1.5" />
    <path
      d="M2.75 10h14.5M10 2.75c2 2 3 4.4 3 7.25s-1 5.25-3 7.25c-2-2-3-4.4-3-7.25s1-5.25 3-7.25z"
      fill="none"
      stroke="currentColor"
      stroke-width="1.5"
    />
  </svg>
);
