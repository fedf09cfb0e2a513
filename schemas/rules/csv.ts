/**
 * CSV building (RFC 4180) with spreadsheet formula neutralisation (CSV export).
 *
 * - A text cell whose first character is = + - @, a tab or a carriage return would be read by
 *   spreadsheet programs as a formula; it is prefixed with a single quote ('), the OWASP
 *   recommendation. Numbers are written as they are (a negative amount is not a formula).
 * - A cell containing a comma, a double quote, CR or LF is enclosed in double quotes, inner
 *   double quotes doubled. Rows end with CRLF.
 */

export type CsvValue = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell's text: neutralised, then quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One row's line, CRLF included. */
export const csvLine = (row: readonly CsvValue[]): string => row.map(csvCell).join(',') + '\r\n'

/** The whole file: a header row, then one row per record, CRLF line ends. */
export function buildCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map(csvLine).join('')
}
