/**
 * Words of the thread-manage chunk (views/thread-manage.ts: move and delete a thread), English and
 * German, kept with the chunk rather than in the first load's tables; `threadEditWords()` follows the
 * app's language like `t()`.
 */
import { language } from './index';

const en = {
  actions: 'Thread actions',
  moveButton: 'Move to another site…', // contract
  moveTitle: (n: number) => `Move thread #${n}`,
  moveHint: 'The thread keeps its messages, screenshot and triage, and gets the next number on the other site.',
  moveTarget: 'Site', // contract
  noTargets: 'There is no other webpage site in this workspace to move it to.',
  loadingTargets: 'Loading the sites…',
  move: 'Move thread', // contract
  moving: 'Moving…',
  cancel: 'Cancel',
  moved: (site: string) => `Moved to ${site}.`,
  deleteThread: 'Delete thread', // contract
  confirmDeleteThread: (n: number) => `Delete thread #${n} with all its messages and files? This cannot be undone.`,
  confirmDelete: 'Delete for good', // contract
};

const de: typeof en = {
  actions: 'Aktionen für den Thread',
  moveButton: 'Auf andere Website verschieben…',
  moveTitle: (n: number) => `Thread #${n} verschieben`,
  moveHint: 'Der Thread behält Nachrichten, Screenshot und Triage und bekommt auf der anderen Website die nächste Nummer.',
  moveTarget: 'Website',
  noTargets: 'In diesem Workspace gibt es keine andere Website, auf die er verschoben werden kann.',
  loadingTargets: 'Websites werden geladen…',
  move: 'Thread verschieben',
  moving: 'Wird verschoben…',
  cancel: 'Abbrechen',
  moved: (site: string) => `Auf ${site} verschoben.`,
  deleteThread: 'Thread löschen',
  confirmDeleteThread: (n: number) => `Thread #${n} mit allen Nachrichten und Dateien löschen? Das lässt sich nicht rückgängig machen.`,
  confirmDelete: 'Endgültig löschen',
};

export function threadEditWords(): typeof en {
  return language.value === 'de' ? de : en;
}
