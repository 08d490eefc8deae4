/**
 * Plain-text tables for the terminal: columns padded to their widest cell (cells cut at a maximum
 * width with an ellipsis), a header row, no colours, so the output reads the same piped into a file.
 */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => string;
  /** Longest cell before it is cut (default 60). */
  max?: number;
  align?: 'left' | 'right';
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function table<Row>(rows: Row[], columns: Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((c) => cut(c.cell(row), c.max ?? 60)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}

/** `2026-11-26 08:41` in UTC: short, sortable, the same on every machine. */
export function shortTime(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '';
}
