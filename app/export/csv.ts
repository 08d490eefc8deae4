/**
 * CSV as RFC 4180 writes it (CRLF between records, fields with a comma, quote or line break quoted,
 * quotes doubled), with formula-injection protection: a cell a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return) gets a leading apostrophe, as OWASP advises.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row then the records, each line ended by CRLF. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
