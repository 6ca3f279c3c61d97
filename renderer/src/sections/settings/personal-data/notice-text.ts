import { IntlMessageFormat } from 'intl-messageformat'
import type { CopyLanguage } from '../../../../../shared/copy-languages'
import { noticeTemplates, noticeUnset } from '../../../../../shared/notice-template'

/** The candidate notice in a language, naming the controller set in Settings (or brackets where none is). */
export function noticeText(language: CopyLanguage, controller: { name: string; contact: string } | null): string {
  const values =
    controller === null
      ? noticeUnset[language]
      : { controller: controller.name, contact: controller.contact.split(/\r?\n/).join(', ') }
  return String(new IntlMessageFormat(noticeTemplates[language], language).format(values))
}
