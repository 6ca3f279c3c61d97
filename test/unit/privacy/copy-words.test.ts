import { describe, expect, it } from 'vitest'
import { IntlMessageFormat } from 'intl-messageformat'
import { copyLanguages } from '../../../shared/copy-languages'
import { copyMessages } from '../../../electron/main/privacy/copy-words'
import { CopyWords } from '../../../electron/main/privacy/copy-page'

type Element = ReturnType<IntlMessageFormat['getAst']>[number]
const LITERAL = 0

/** The arguments a message takes ({name}, {count, plural, …}, …), at any depth. */
function argumentsOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === LITERAL || !('value' in element) || typeof element.value !== 'string') continue
    into.add(element.value)
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into)
  }
  return into
}
const parse = (message: string) => new IntlMessageFormat(message, 'en').getAst()

describe('the access copy’s words', () => {
  it('has every message in all six languages, each valid ICU with the English arguments', () => {
    const ids = Object.keys(copyMessages.en)
    expect(argumentsOf(parse(copyMessages.en['source.line']))).toEqual(new Set(['at', 'kind', 'hasDetail', 'detail']))
    for (const language of copyLanguages) {
      expect(Object.keys(copyMessages[language]).sort(), language).toEqual([...ids].sort())
      for (const id of ids) {
        const english = argumentsOf(parse(copyMessages.en[id as keyof typeof copyMessages.en]))
        const own = argumentsOf(parse(copyMessages[language][id as keyof typeof copyMessages.en]))
        expect([...own].sort(), `${language} ${id}`).toEqual([...english].sort())
      }
    }
  })

  it('says plurals and dates by Intl, in the language', () => {
    const at = new Date('2026-11-28T02:12:00.741Z')
    expect(new CopyWords('de').t('held.count', { count: 1 })).toBe('1 Eintrag')
    expect(new CopyWords('de').t('held.count', { count: 1234 })).toBe('1.234 Einträge')
    expect(new CopyWords('fr').t('held.count', { count: 2 })).toBe('2 entrées')
    expect(new CopyWords('de').t('footer', { at })).toBe('Erstellt mit Talent Desk am 28. November 2026.')
    expect(new CopyWords('nl').t('footer', { at })).toBe('Gemaakt met Talent Desk op 28 november 2026.')
    expect(new CopyWords('es').list(['Go', 'SQL', 'Rust'])).toBe('Go, SQL y Rust')
  })
})
