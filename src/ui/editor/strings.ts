/**
 * Every word the rich-text editor shows or announces, in one object so it can be reviewed and later
 * merged into `ui/strings.ts` (and translated) without touching the components.
 */
const mac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad|od)/.test(navigator.platform || navigator.userAgent);
/** A shortcut as this platform writes it: "Ctrl+B" or "⌘B". */
const keys = (combo: string) => (mac ? combo.replace('Ctrl+', '⌘').replace('Shift+', '⇧') : combo);

export const editorStrings = {
  toolbar: 'Formatting',
  tools: {
    bold: { label: 'Bold', keys: keys('Ctrl+B') },
    italic: { label: 'Italic', keys: keys('Ctrl+I') },
    underline: { label: 'Underline', keys: keys('Ctrl+U') },
    strike: { label: 'Strikethrough', keys: keys('Ctrl+Shift+X') },
    code: { label: 'Code', keys: keys('Ctrl+E') },
    link: { label: 'Link', keys: keys('Ctrl+K') },
    bullet: { label: 'Bulleted list', keys: keys('Ctrl+Shift+8') },
    ordered: { label: 'Numbered list', keys: keys('Ctrl+Shift+7') },
  },
  title: (label: string, shortcut: string) => `${label} (${shortcut})`,
  link: {
    field: 'Link address',
    placeholder: 'https://…',
    apply: 'Apply',
    remove: 'Remove link',
    cancel: 'Cancel',
    invalid: 'Enter a web address (https://…) or an email address.',
  },
  mentions: {
    list: 'People to mention',
    searching: 'Searching…',
    none: 'No one found',
    failed: 'Could not load people',
  },
};

export type EditorTool = keyof typeof editorStrings.tools;
