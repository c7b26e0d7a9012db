/**
 * Writing CSV (RFC 4180) that is safe to open in a spreadsheet. Pure: no I/O.
 *
 * Two protections, in this order, on every cell:
 * 1. Formula injection: a cell whose text starts with `=`, `+`, `-`, `@`, a tab or a carriage
 *    return is read by Excel, LibreOffice and Google Sheets as a formula (a name such as
 *    `=HYPERLINK(…)` would run when the founder opens the file). Such a cell gets a leading `'`,
 *    which spreadsheets show as text and do not evaluate (OWASP's "CSV Injection" advice).
 *    A plain number (`-25.00`, `-3`: an optional minus, digits, optional decimals) is not a
 *    formula and is left alone, so a refund stays a number a spreadsheet can sum.
 * 2. Escaping: a cell containing a comma, a double quote, CR or LF is wrapped in double quotes,
 *    with each quote inside doubled.
 * Rows end with CRLF, the last one too.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as we write one: an optional minus, digits, optional decimals; nothing a formula can hide in. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, guarded against formulas and escaped. `null` and `undefined` are empty cells. */
export function csvCell(value: CsvCell): string {
  let text = value == null ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text (CRLF line ends). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
