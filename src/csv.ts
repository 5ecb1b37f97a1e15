// CSV as RFC 4180 writes it, safe to open in a spreadsheet: the one helper of the export
// (cli/export.ts) and the dashboard's report download (web/src/features/reports/Chart.tsx).
// Pure, and imports nothing, so the dashboard's bundle can take it from here.

/**
 * A cell: text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, and a cell holding a quote, comma or line break
 * is quoted with its quotes doubled. null and undefined are empty cells.
 */
export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
