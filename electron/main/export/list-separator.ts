/** What may stand between two fields of an exported CSV. */
export type CsvDelimiter = ',' | ';' | '\t' | '|'

const DELIMITERS: readonly string[] = [',', ';', '\t', '|']

export function isCsvDelimiter(value: unknown): value is CsvDelimiter {
  return typeof value === 'string' && DELIMITERS.includes(value)
}

/**
 * The list separator a spreadsheet uses in `locale`, as Excel reads a CSV opened with a double
 * click: where a number's decimal mark is a comma (de, fr, es, it, nl, pt, ru, pl, sv… "1,5") the
 * comma cannot also part fields, so Windows' list separator there is the semicolon, and Excel
 * puts a comma-separated file into one column. Elsewhere (en, ja, zh, de-CH…) it is the comma.
 * An unknown or malformed locale gives the comma.
 */
export function listSeparatorFor(locale: string | undefined): ',' | ';' {
  try {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
    return decimal?.value === ',' ? ';' : ','
  } catch {
    return ','
  }
}

/** The region's locale of this process (Node reads it from LANG / LC_ALL), for the browser host. */
export function processLocale(): string {
  return new Intl.NumberFormat().resolvedOptions().locale
}
