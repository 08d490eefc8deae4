/**
 * Files from drag and drop and paste, for the composers. Apart from the attachment components (a
 * lazy chunk) because the composer and the thread panel wire their drop zones and paste with them.
 */
import type { JSX } from 'preact';

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
