/**
 * First characters that make a spreadsheet read a typed-in text as a formula — on opening
 * a CSV made from the sheet, or on editing the cell (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text an export writes: one that would start a formula gets a leading `'` and stays text. */
export function exportedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** An exported cell: texts as `exportedText`; numbers, dates and blanks as they are. */
export function exportedCell<T>(value: T): T | string {
  return typeof value === 'string' ? exportedText(value) : value;
}

/** A text an import reads: the `'` an export put before a formula character is taken off again, so an exported file imports back as it was. */
export function importedText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
