/**
 * Keyboard shortcuts as the reviewer's platform and language write them: "Ctrl+B", German "Strg+B",
 * and "⌘B" on Apple devices whatever the language. Tables write shortcuts with their own key names
 * and pass them here.
 */
const mac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad|od)/.test(navigator.platform || navigator.userAgent);

/** `combo` uses `ctrl` and `shift` as the table's names of those keys ("Ctrl", "Strg"; "Shift", "Umschalt"). */
export function shortcut(combo: string, ctrl = 'Ctrl', shift = 'Shift'): string {
  return mac ? combo.replace(`${ctrl}+`, '⌘').replace(`${shift}+`, '⇧') : combo;
}
