/** Saves text as a file through a temporary object URL and an `<a download>` (no server round trip). */
export function downloadText(text: string, filename: string, type: string): void {
  // A BOM lets Excel read UTF-8 CSV (umlauts, emoji) correctly; other readers ignore it.
  const blob = new Blob([type.startsWith('text/csv') ? '\ufeff' : '', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** `pinmark-inbox-2026-05-01.csv`: a name that sorts by day. */
export function datedName(stem: string, extension: string, now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${stem}-${day}.${extension}`;
}
