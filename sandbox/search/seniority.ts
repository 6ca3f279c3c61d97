/** Words people use for seniority, mapped to the cur_seniority labels the generator writes. */
import { phraseKey } from './text'

const synonyms: Readonly<Record<string, string>> = {
  intern: 'Intern',
  internship: 'Intern',
  junior: 'Junior',
  jr: 'Junior',
  'entry level': 'Junior',
  entry: 'Junior',
  graduate: 'Junior',
  mid: 'Mid',
  'mid level': 'Mid',
  midlevel: 'Mid',
  intermediate: 'Mid',
  senior: 'Senior',
  sr: 'Senior',
  staff: 'Staff',
  lead: 'Lead',
  principal: 'Principal',
  manager: 'Manager',
  management: 'Manager',
  director: 'Director',
  vp: 'VP',
  'vice president': 'VP',
  cxo: 'CXO',
  'c level': 'CXO',
  'c suite': 'CXO',
  chief: 'CXO',
  executive: 'CXO',
  exec: 'CXO'
}

/** Canonical label for a seniority word or label ("sr" -> "Senior"), or undefined. */
export function canonicalSeniority(word: string): string | undefined {
  const k = phraseKey(word)
  return synonyms[k] ?? synonyms[k.replace(/s$/, '')]
}

/** Every phrase recognised as a seniority, for the utterance parser. */
export const seniorityPhrases: readonly string[] = Object.keys(synonyms)
