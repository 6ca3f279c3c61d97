/**
 * The one spelling the saved-people search compares: both what is indexed and what a recruiter
 * types pass through `foldSearchText`, so "odegard" finds "Ødegård" and "C#" finds only C#.
 *
 * - Programming-language names whose punctuation the tokenizer would drop become word tokens
 *   (`C#` → `csharp`): otherwise `C#` is the word `c`, which prefix-matches nearly everyone.
 * - Accents are removed (NFKD, then combining marks dropped), and the Latin letters that have no
 *   decomposition (ø, ł, æ, ß, đ, þ, œ, ı …) are spelled as people type them on a plain keyboard.
 */

/** Order matters: `c++` before `c`, and each only where the name stands as a word of its own. */
const LANGUAGE_TOKENS: ReadonlyArray<[RegExp, string]> = [
  [/(^|[^\p{L}\p{N}])c\+\+(?![\p{L}\p{N}+])/giu, '$1cplusplus'],
  [/(^|[^\p{L}\p{N}])c#(?![\p{L}\p{N}#])/giu, '$1csharp'],
  [/(^|[^\p{L}\p{N}])f#(?![\p{L}\p{N}#])/giu, '$1fsharp'],
  // `.NET` alone and inside `ASP.NET` / `VB.NET`: the name is the token either way.
  [/\.net(?![\p{L}\p{N}])/giu, ' dotnet']
]

/** Letters NFKD leaves whole, with the spelling a recruiter would type for them. */
const LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ß: 'ss',
  ẞ: 'ss',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ŀ: 'l',
  Ŀ: 'l'
}
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu')
// eslint-disable-next-line no-misleading-character-class -- a class of combining marks on purpose
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g
const PLAIN = /^[\x20-\x22\x24-\x2a\x2c-\x2d\x2f-\x7e]*$/

export function foldSearchText(input: string): string {
  if (input === '') return ''
  let text = input
  // Most text is plain ASCII without `#`, `+` or `.`: nothing to rewrite, only to lower-case.
  if (!PLAIN.test(text)) {
    for (const [pattern, token] of LANGUAGE_TOKENS) text = text.replace(pattern, token)
    text = text
      .normalize('NFKD')
      .replace(COMBINING_MARKS, '')
      .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? letter)
  }
  return text.toLowerCase()
}

/**
 * Where a profile is, each place said once: city, state and country as one place ("Philadelphia,
 * Pennsylvania, United States"), then each listed location with what was already said taken out
 * ("Philadelphia, Pennsylvania, United States" in `locations` adds nothing; "Camden, New Jersey,
 * United States" adds "Camden, New Jersey"). Places are parted by "; ", the parts of one by ", ".
 * Compared as search folds them (any case, accents), so "Sao Paulo" repeats "São Paulo". What the
 * Import review and the enriched export show, and what "sao paulo" finds among saved people.
 */
export function locationText(profile: Record<string, unknown>): string {
  const said = new Set<string>()
  const fresh = (parts: readonly unknown[]): string[] => {
    const out: string[] = []
    for (const part of parts) {
      const value = typeof part === 'string' ? part.trim() : ''
      const folded = foldSearchText(value)
      if (value === '' || said.has(folded)) continue
      said.add(folded)
      out.push(value)
    }
    return out
  }
  const places = [fresh([profile.city, profile.state, profile.country]).join(', ')]
  const locations = profile.locations
  if (Array.isArray(locations)) {
    for (const value of locations) if (typeof value === 'string') places.push(fresh(value.split(',')).join(', '))
  }
  return places.filter((place) => place !== '').join('; ')
}
