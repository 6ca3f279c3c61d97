/** The navigation rail: every area of the app, in the order of their digits (1–9, then 0). */
export interface Section {
  id: SectionId
  label: string
  /** Digit that jumps here (with no modifier, outside text fields). */
  shortcut: string
  summary: string
}

export type SectionId =
  'search' | 'chat' | 'contacts' | 'refresh' | 'shortlists' | 'usage' | 'tools' | 'settings' | 'import' | 'activity'

export const sections: Section[] = [
  {
    id: 'search',
    label: 'Search',
    shortcut: '1',
    summary: 'Find the right person from the little you know.'
  },
  {
    id: 'chat',
    label: 'Chat',
    shortcut: '2',
    summary: 'Search by conversation and refine in plain words.'
  },
  {
    id: 'contacts',
    label: 'Contacts',
    shortcut: '3',
    summary: 'Buy and read contact data, with credits always in view.'
  },
  {
    id: 'refresh',
    label: 'Refresh',
    shortcut: '4',
    summary: 'Refresh stale profiles and watch those jobs.'
  },
  {
    id: 'shortlists',
    label: 'Shortlists',
    shortcut: '5',
    summary: 'Keep shortlists that work offline and export them.'
  },
  {
    id: 'usage',
    label: 'Usage',
    shortcut: '6',
    summary: 'See what the API has been used for and what it cost.'
  },
  {
    id: 'tools',
    label: 'Tools',
    shortcut: '7',
    summary: 'Call your tool server’s tools from a form and read their results.'
  },
  {
    id: 'settings',
    label: 'Settings',
    shortcut: '8',
    summary: 'Connections and credentials, kept in your system keychain.'
  },
  {
    id: 'import',
    label: 'Import',
    shortcut: '9',
    summary: 'Match a spreadsheet of people and take it back enriched.'
  },
  {
    id: 'activity',
    label: 'Activity',
    shortcut: '0',
    summary: 'What your watches found: people who changed, new people, refreshes.'
  }
]

export function sectionById(id: SectionId): Section {
  const found = sections.find((section) => section.id === id)
  if (!found) throw new Error(`Unknown section ${id}`)
  return found
}
