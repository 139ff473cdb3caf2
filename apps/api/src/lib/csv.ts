/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field with a comma, quote or line break quoted,
 * quotes doubled), for files owners open in a spreadsheet. A text cell starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would run there as a formula (CSV injection): it gets a
 * leading `'`, so it shows as the text it is. Numbers are written as they are (never negative
 * here); null is an empty cell.
 */
export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  let s = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The file: a header line, then one line per row, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
