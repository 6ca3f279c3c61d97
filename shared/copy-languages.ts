/*
 * The languages an access copy and the candidate notice are written in (issue #36 item 2), chosen
 * per copy: the person's language, not the recruiter's. Each is named in itself, so a recruiter
 * finds the person's language whatever their own is.
 */

export const copyLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const
/** (No zod here: the page's dialog imports the names; the channel's schema is in channels/personal-data.ts.) */
export type CopyLanguage = (typeof copyLanguages)[number]

export const copyLanguageNames: Record<CopyLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands'
}
