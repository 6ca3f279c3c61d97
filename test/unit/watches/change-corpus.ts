import type { ProfileChange } from '../../../shared/ipc/channels/shortlists'

type Profile = Record<string, unknown>
const base: Profile = {
  key: 'p1',
  full_name: 'Ana Peña',
  cur_company: 'Acme',
  cur_title: 'Software Engineer',
  city: 'Oslo',
  country: 'Norway',
  last_refreshed: '2026-01-01T00:00:00Z',
  educations: [{ school: 'NTNU', degree: 'BSc', major: 'Computer Science' }],
  skills: ['Rust', 'Go']
}
const change = (
  field: ProfileChange['field'],
  from: string,
  to: string,
  kind: ProfileChange['kind'] = 'changed'
): ProfileChange => ({ field, from, to, kind })

/** Before/after pairs of one person's profile and the changes a recruiter should be told of. */
export const changeCorpus: Array<{ name: string; before: Profile; after: Profile; expected: ProfileChange[] }> = [
  { name: 'nothing changed', before: base, after: { ...base }, expected: [] },
  {
    name: 'a new employer',
    before: base,
    after: { ...base, cur_company: 'Globex' },
    expected: [change('company', 'Acme', 'Globex')]
  },
  {
    name: 'a promotion: title and level',
    before: base,
    after: { ...base, cur_title: 'Senior Software Engineer' },
    expected: [change('title', 'Software Engineer', 'Senior Software Engineer'), change('seniority', 'Mid', 'Senior')]
  },
  {
    name: 'Sr. and Senior: the title’s text, not its level',
    before: { ...base, cur_title: 'Senior Engineer' },
    after: { ...base, cur_title: 'Sr. Engineer' },
    expected: [change('title', 'Senior Engineer', 'Sr. Engineer')]
  },
  { name: 'whitespace only', before: base, after: { ...base, cur_title: '  Software   Engineer ' }, expected: [] },
  { name: 'letter case only', before: base, after: { ...base, cur_company: 'ACME' }, expected: [] },
  {
    name: 'timestamps only',
    before: base,
    after: {
      ...base,
      last_refreshed: '2026-03-01T00:00:00Z',
      last_updated: '2026-03-01T00:00:00Z',
      updated_dates: ['2026-03-01']
    },
    expected: []
  },
  { name: 'skills reordered', before: base, after: { ...base, skills: ['Go', 'Rust'] }, expected: [] },
  {
    name: 'educations reordered',
    before: {
      ...base,
      educations: [
        { school: 'NTNU', degree: 'BSc' },
        { school: 'UiO', degree: 'MSc' }
      ]
    },
    after: {
      ...base,
      educations: [
        { school: 'UiO', degree: 'MSc' },
        { school: 'NTNU', degree: 'BSc' }
      ]
    },
    expected: []
  },
  {
    name: 'a new degree',
    before: base,
    after: {
      ...base,
      educations: [
        { school: 'ETH Zürich', degree: 'MSc', major: 'Computer Science' },
        { school: 'NTNU', degree: 'BSc', major: 'Computer Science' }
      ]
    },
    expected: [change('education', '', 'MSc Computer Science, ETH Zürich', 'added')]
  },
  {
    name: 'an education the service trimmed is not news',
    before: base,
    after: { ...base, educations: [] },
    expected: []
  },
  {
    name: 'a move to another city',
    before: base,
    after: { ...base, city: 'Bergen' },
    expected: [change('location', 'Oslo, Norway', 'Bergen, Norway')]
  },
  {
    name: 'the service stopped sending the employer',
    before: base,
    after: (({ cur_company: _c, ...rest }) => rest)(base),
    expected: [change('company', 'Acme', '', 'no_longer_sent')]
  },
  {
    name: 'the employer sent as null',
    before: base,
    after: { ...base, cur_company: null },
    expected: [change('company', 'Acme', '', 'no_longer_sent')]
  },
  {
    name: 'the place no longer sent',
    before: base,
    after: { ...base, city: null, country: '' },
    expected: [change('location', 'Oslo, Norway', '', 'no_longer_sent')]
  },
  {
    name: 'an employer sent for the first time is not a change',
    before: (({ cur_company: _c, ...rest }) => rest)(base),
    after: base,
    expected: []
  },
  {
    name: 'likely to switch rises past one half',
    before: { ...base, likely_to_switch: 0.3 },
    after: { ...base, likely_to_switch: 0.8 },
    expected: [change('open_to_work', 'Not looking', 'Likely to switch')]
  },
  {
    name: 'likely to switch falls back',
    before: { ...base, likely_to_switch: 0.8 },
    after: { ...base, likely_to_switch: 0.2 },
    expected: [change('open_to_work', 'Likely to switch', 'Not looking')]
  },
  {
    name: 'likely to switch moves within a side',
    before: { ...base, likely_to_switch: 0.6 },
    after: { ...base, likely_to_switch: 0.9 },
    expected: []
  },
  {
    name: 'an open-to-work flag (undeclared field) turns on',
    before: { ...base, open_to_work: false },
    after: { ...base, open_to_work: true },
    expected: [change('open_to_work', 'Not looking', 'Likely to switch')]
  },
  {
    name: 'a move to management',
    before: { ...base, cur_title: 'Staff Engineer' },
    after: { ...base, cur_title: 'Engineering Manager' },
    expected: [change('title', 'Staff Engineer', 'Engineering Manager'), change('seniority', 'Staff', 'Manager')]
  },
  {
    name: 'Head of and Director are one level',
    before: { ...base, cur_title: 'Director of Engineering' },
    after: { ...base, cur_title: 'Head of Engineering' },
    expected: [change('title', 'Director of Engineering', 'Head of Engineering')]
  },
  {
    name: 'to VP',
    before: { ...base, cur_title: 'Director of Engineering' },
    after: { ...base, cur_title: 'VP Engineering' },
    expected: [change('title', 'Director of Engineering', 'VP Engineering'), change('seniority', 'Director', 'VP')]
  },
  {
    name: 'to a chief officer',
    before: { ...base, cur_title: 'Vice President, Engineering' },
    after: { ...base, cur_title: 'Chief Technology Officer' },
    expected: [
      change('title', 'Vice President, Engineering', 'Chief Technology Officer'),
      change('seniority', 'VP', 'C-level')
    ]
  },
  {
    name: 'a job change with a new title and city',
    before: base,
    after: { ...base, cur_company: 'Initech', cur_title: 'Lead Engineer', city: 'Stockholm', country: 'Sweden' },
    expected: [
      change('company', 'Acme', 'Initech'),
      change('title', 'Software Engineer', 'Lead Engineer'),
      change('location', 'Oslo, Norway', 'Stockholm, Sweden'),
      change('seniority', 'Mid', 'Staff')
    ]
  },
  {
    name: 'an undeclared field the service added is not a change',
    before: base,
    after: { ...base, score_card: { a: 1 }, headline_v2: 'Engineer at Acme' },
    expected: []
  }
]
