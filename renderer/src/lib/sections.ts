/** The navigation rail: every area of the app, in the order recruiters use them. */
export interface Section {
  id: SectionId
  label: string
  /** Digit that jumps here (with no modifier, outside text fields). */
  shortcut: string
  summary: string
  /** What the section will let a recruiter do, shown until its capability lands. */
  plans: string[]
}

export type SectionId = 'search' | 'chat' | 'contacts' | 'refresh' | 'shortlists' | 'usage' | 'tools' | 'settings'

export const sections: Section[] = [
  {
    id: 'search',
    label: 'Search',
    shortcut: '1',
    summary: 'Find the right person from the little you know.',
    plans: [
      'Match people from partial data: a name with a company, school or city, an email or a profile handle.',
      'See each match’s score and the terms that matched, exact matches first.',
      'Open a profile beside the list and add it to a shortlist with one key.'
    ]
  },
  {
    id: 'chat',
    label: 'Chat',
    shortcut: '2',
    summary: 'Search by conversation and refine in plain words.',
    plans: [
      'Describe who you need (“senior Python engineers in Seattle”) and refine (“not at Acme”, “only senior”).',
      'See the query the service understood and the people it found, and keep every conversation.'
    ]
  },
  {
    id: 'contacts',
    label: 'Contacts',
    shortcut: '3',
    summary: 'Buy and read contact data, with credits always in view.',
    plans: [
      'Request emails or phone numbers for chosen people after a clear confirmation of the credits it spends.',
      'Watch lookups complete with real progress, and read emails with their validation and confidence.'
    ]
  },
  {
    id: 'refresh',
    label: 'Refresh',
    shortcut: '4',
    summary: 'Refresh stale profiles and watch those jobs.',
    plans: [
      'Start refresh jobs for profile handles and follow each job’s progress, successes and failures.',
      'Keep a history of jobs, with the handles that failed and why.'
    ]
  },
  {
    id: 'shortlists',
    label: 'Shortlists',
    shortcut: '5',
    summary: 'Keep shortlists that work offline and export them.',
    plans: [
      'Save people to shortlists with notes, tags, a stage and a rating — readable with no network.',
      'Search across everything you saved, and export to CSV for a hiring manager.'
    ]
  },
  {
    id: 'usage',
    label: 'Usage',
    shortcut: '6',
    summary: 'See what the API has been used for and what it cost.',
    plans: ['Read the API transaction records by date and type, and the calls Talent Desk made itself.']
  },
  {
    id: 'tools',
    label: 'Tools',
    shortcut: '7',
    summary: 'Call your tool server’s tools from a form and read their results.',
    plans: [
      'See the tools your tool server lists, fill each one’s form and call it; results read as text, tables and a tree.',
      'Talent Desk gets and renews the short-lived token for you, and says which kind of credential it is.'
    ]
  },
  {
    id: 'settings',
    label: 'Settings',
    shortcut: '8',
    summary: 'Connections and credentials, kept in your system keychain.',
    plans: [
      'Use the built-in Sandbox with no set-up, or connect to the real service with your API key.',
      'Keys and client secrets are stored in the system keychain and never shown again.'
    ]
  }
]

export function sectionById(id: SectionId): Section {
  const found = sections.find((section) => section.id === id)
  if (!found) throw new Error(`Unknown section ${id}`)
  return found
}
