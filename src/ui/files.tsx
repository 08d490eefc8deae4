/**
 * Files from the "Attach files" button, drag and drop and paste, for the composers. Apart from the
 * attachment chips (a lazy chunk): the button is part of each composer's first frame, so nothing
 * moves under the pointer when the chips' code arrives.
 */
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { strings } from './strings';

/** Files from a drop or a paste (images pasted from the clipboard arrive as files too). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  if (data.files?.length) return Array.from(data.files);
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/** Drag-and-drop handlers for a composer's container. */
export function dropProps(onFiles: (files: File[]) => void): Pick<JSX.HTMLAttributes<HTMLDivElement>, 'onDragOver' | 'onDrop'> {
  return {
    onDragOver: (event) => {
      if (Array.from(event.dataTransfer?.types ?? []).includes('Files')) {
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      }
    },
    onDrop: (event) => {
      const files = filesOf(event.dataTransfer);
      if (!files.length) return;
      event.preventDefault();
      onFiles(files);
    },
  };
}

/** Paste handler for a composer: pasted files (images from the clipboard) become attachments; the
 * rich-text editor lets such pastes through and inserts nothing. */
export function pasteFilesProps(onFiles: (files: File[]) => void): Pick<JSX.HTMLAttributes<HTMLDivElement>, 'onPaste'> {
  return {
    onPaste: (event) => {
      const files = filesOf(event.clipboardData);
      if (!files.length) return;
      event.preventDefault();
      onFiles(files);
    },
  };
}

/** The "Attach files" button with its hidden file input. */
export function AttachButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <button type="button" class="pm-button pm-button--quiet" disabled={disabled} onClick={() => input.current?.click()}>
        <PaperclipIcon />
        {strings.attachments.add}
      </button>
    </>
  );
}

// Drawn, not emoji: emoji fonts are missing on many systems (and render as boxes).
function PaperclipIcon() {
  return (
    <svg class="pm-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5"
        fill="none"
        stroke="currentColor"
        stroke-width="1.8"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
