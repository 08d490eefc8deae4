/** What one benchmark module reports: rows for the summary table, and optional detail (markdown). */
export interface BenchRow {
  what: string;
  measured: string;
  budget: string;
  /** null: reported only, no budget. */
  ok: boolean | null;
}

export interface BenchSection {
  title: string;
  rows: BenchRow[];
  /** Extra markdown (per-class tables, method notes) written under the section's heading. */
  detail?: string;
}

export function markdownTable(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export function rowsTable(rows: BenchRow[]): string {
  return markdownTable(
    ['What', 'Measured', 'Budget', ''],
    rows.map((r) => [r.what, r.measured, r.budget, r.ok === null ? '—' : r.ok ? 'ok' : 'OVER']),
  );
}
