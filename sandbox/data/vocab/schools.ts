/** Schools, majors and degrees for educations. */

export interface School {
  id: number
  name: string
  /** Short names people type (recognised by the utterance parser and by matching). */
  aliases: readonly string[]
}

const schoolRows: Array<[string, string[]]> = [
  ['Stanford University', ['stanford']],
  ['Massachusetts Institute of Technology', ['mit']],
  ['University of California, Berkeley', ['berkeley', 'uc berkeley', 'cal']],
  ['Carnegie Mellon University', ['cmu', 'carnegie mellon']],
  ['Harvard University', ['harvard']],
  ['University of Washington', ['uw', 'udub']],
  ['University of Michigan', ['umich']],
  ['Georgia Institute of Technology', ['georgia tech', 'gatech']],
  ['University of Texas at Austin', ['ut austin']],
  ['University of Illinois Urbana-Champaign', ['uiuc']],
  ['Cornell University', ['cornell']],
  ['Princeton University', ['princeton']],
  ['Columbia University', ['columbia']],
  ['New York University', ['nyu']],
  ['University of California, Los Angeles', ['ucla']],
  ['University of Southern California', ['usc']],
  ['Duke University', ['duke']],
  ['Johns Hopkins University', ['johns hopkins', 'jhu']],
  ['Northwestern University', ['northwestern']],
  ['University of Pennsylvania', ['upenn', 'penn']],
  ['Yale University', ['yale']],
  ['Boston University', ['bu']],
  ['Purdue University', ['purdue']],
  ['Ohio State University', ['ohio state', 'osu']],
  ['University of Wisconsin-Madison', ['uw madison']],
  ['Arizona State University', ['asu']],
  ['University of Colorado Boulder', ['cu boulder']],
  ['Rice University', ['rice']],
  ['University of Toronto', ['uoft']],
  ['University of Waterloo', ['waterloo']],
  ['McGill University', ['mcgill']],
  ['University of British Columbia', ['ubc']],
  ['University of Oxford', ['oxford']],
  ['University of Cambridge', ['cambridge university']],
  ['Imperial College London', ['imperial']],
  ['ETH Zürich', ['eth', 'eth zurich']],
  ['Technical University of Munich', ['tum']],
  ['Indian Institute of Technology Bombay', ['iit bombay']],
  ['Indian Institute of Technology Delhi', ['iit delhi']],
  ['National University of Singapore', ['nus']],
  ['University of Tokyo', ['todai']],
  ['University of Sydney', []],
  ['Universidade de São Paulo', ['usp']],
  ['Trinity College Dublin', ['trinity']]
]

export const schools: readonly School[] = schoolRows.map(([name, aliases], i) => ({ id: 5000 + i, name, aliases }))

/** Medical and nursing schools, used by the healthcare families. */
export const medicalSchools: readonly School[] = [
  'Johns Hopkins University School of Medicine',
  'Harvard Medical School',
  'Perelman School of Medicine',
  'University of Washington School of Medicine',
  'Mayo Clinic Alix School of Medicine',
  'Duke University School of Nursing',
  'University of Michigan Medical School',
  'Baylor College of Medicine'
].map((name, i) => ({ id: 5500 + i, name, aliases: [] }))

export interface Degree {
  id: number
  name: string
  level: 'associate' | 'bachelor' | 'master' | 'doctorate' | 'professional'
  years: number
}

export const degrees = {
  associate: { id: 1, name: 'Associate of Science', level: 'associate', years: 2 },
  bs: { id: 2, name: 'Bachelor of Science', level: 'bachelor', years: 4 },
  ba: { id: 3, name: 'Bachelor of Arts', level: 'bachelor', years: 4 },
  bsn: { id: 4, name: 'Bachelor of Science in Nursing', level: 'bachelor', years: 4 },
  ms: { id: 5, name: 'Master of Science', level: 'master', years: 2 },
  mba: { id: 6, name: 'Master of Business Administration', level: 'master', years: 2 },
  msn: { id: 7, name: 'Master of Science in Nursing', level: 'master', years: 2 },
  phd: { id: 8, name: 'Doctor of Philosophy', level: 'doctorate', years: 5 },
  md: { id: 9, name: 'Doctor of Medicine', level: 'professional', years: 4 }
} as const satisfies Record<string, Degree>
