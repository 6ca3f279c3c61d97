import { getContext, setContext } from 'svelte'

/**
 * The Settings pages a shared component links to ("2 left out — on the do-not-contact list" opens
 * that list). Settings' own table of pages (sections/settings/pages) names them all; app/ passes
 * its openSettings here, which type-checks only while these ids are pages there.
 */
export type SettingsLinkPage = 'do-not-contact' | 'known-people'

export type OpenSettings = (page: SettingsLinkPage) => void

const CONTEXT = Symbol('settings-link')

/** Makes "open this Settings page" reachable from any component below. */
export function provideSettingsLink(open: OpenSettings): void {
  setContext(CONTEXT, open)
}

/** Opens a Settings page, or null where no app provides the way (a component on its own, in a test). */
export function useSettingsLink(): OpenSettings | null {
  return getContext<OpenSettings | undefined>(CONTEXT) ?? null
}
