import { describe, expect, it } from 'vitest'
import { byEvidence, classify } from '../../../electron/main/imports/match-outcome'
import { looserAsks, withLooser } from '../../../electron/main/imports/looser-ask'
import { compareCandidate, comparePlace, compareNames } from '../../../electron/main/imports/record-linkage'
import { companyWords, fold, sameCompany, sameSchool, sameTitle } from '../../../electron/main/imports/linkage-text'

const hannaFischer = {
  key: 'p_hanna',
  full_name: 'Hanna Fischer',
  first_name: 'Hanna',
  last_name: 'Fischer',
  cur_company: 'Quantum Ledger',
  cur_title: 'Principal Engineer',
  city: 'Brooklyn',
  state: 'New York',
  country: 'United States',
  locations: ['Brooklyn, New York, United States'],
  match_type: 'PARTIAL',
  match_score: 44
}

const isabella = {
  key: 'p_isabella',
  full_name: 'Isabella Coleman',
  cur_company: 'Keystone Accounting',
  cur_title: 'Lead Financial Analyst',
  city: 'Edinburgh',
  state: 'Scotland',
  country: 'United Kingdom',
  locations: ['Edinburgh, Scotland, United Kingdom'],
  educations: [{ school: 'University of British Columbia' }],
  emails: ['isabella.coleman@keystoneaccounting.example'],
  li_urls: ['https://www.profilenet.com/in/isabella-coleman'],
  past_companies: ['Wonka Industries'],
  match_type: 'PARTIAL',
  match_score: 70
}

describe('a row against its candidates, field by field', () => {
  it('never names a lone candidate that disagrees on employer and place (issue #29: Anna Fischer became Hanna Fischer)', () => {
    const verdict = classify(
      { name: 'Anna Fischer', company: 'Hafenkran Systems AG', title: 'Softwareentwicklerin', location: 'Köln' },
      [hannaFischer],
      15
    )
    expect(verdict.outcome).not.toBe('matched')
    expect(verdict.key).toBeNull()
    expect(verdict.reason).toBe('name close (Anna ~ Hanna), different employer, title and city')
  })

  it('never names the issue’s other stranger (Julia Becker became a Junior Product Manager at Pied Piper)', () => {
    const piedPiper = {
      key: 'p_julia',
      full_name: 'Julia Becker',
      cur_company: 'Pied Piper',
      cur_title: 'Junior Product Manager',
      city: 'Kansas City',
      state: 'Missouri',
      country: 'United States',
      match_type: 'PARTIAL',
      match_score: 52
    }
    const verdict = classify(
      { name: 'Julia Becker', company: 'Blaubeer Software AG', title: 'UX Designerin', location: 'München' },
      [piedPiper],
      15
    )
    expect(verdict).toMatchObject({
      outcome: 'none',
      key: null,
      reason: 'same name, different employer, title and city'
    })
  })

  it('says "same name, different employer and city" for a namesake elsewhere, and does not match it', () => {
    const verdict = classify(
      { name: 'Hanna Fischer', company: 'Blaubeer Software AG', location: 'München' },
      [hannaFischer],
      15
    )
    expect(verdict.outcome).not.toBe('matched')
    expect(verdict.reason).toBe('same name, different employer and city')
  })

  it('matches the same name at the same employer, whatever the legal form, case and accents', () => {
    const verdict = classify({ name: 'isabella colemán', company: 'KEYSTONE ACCOUNTING LTD.' }, [isabella], 15)
    expect(verdict).toMatchObject({ outcome: 'matched', key: 'p_isabella', reason: 'same name and employer' })
  })

  it('matches a close name with the same employer and city, and says which words were close', () => {
    const verdict = classify(
      { name: 'Isbaella Coleman', company: 'Keystone Accounting', location: 'Edinburgh, UK' },
      [isabella],
      15
    )
    expect(verdict).toMatchObject({ outcome: 'matched', key: 'p_isabella' })
    expect(verdict.reason).toBe('name close (Isbaella ~ Isabella), same employer and city')
  })

  it('matches a shared email or profile link, and doubts one whose name is another person’s', () => {
    expect(classify({ emails: ['Isabella.Coleman@keystoneaccounting.example'] }, [isabella], 15)).toMatchObject({
      outcome: 'matched',
      reason: 'same email'
    })
    expect(classify({ name: 'Isabella Coleman', handles: ['isabella-coleman'] }, [isabella], 15)).toMatchObject({
      outcome: 'matched',
      reason: 'same profile link and name'
    })
    const other = classify(
      { name: 'Bob Jones', emails: ['isabella.coleman@keystoneaccounting.example'] },
      [{ ...isabella, match_type: 'COMPLETE', match_score: 100 }],
      15
    )
    expect(other).toMatchObject({ outcome: 'doubtful', reason: 'same email, different name' })
  })

  it('doubts a candidate whose key is not the key the row gives, whatever else agrees', () => {
    const verdict = classify(
      { key: 'p_other', name: 'Isabella Coleman', company: 'Keystone Accounting' },
      [isabella],
      15
    )
    expect(verdict).toMatchObject({ outcome: 'doubtful', reason: 'same name and employer, different profile key' })
  })

  it('takes a COMPLETE answer on the row’s own email as the same email, but not a COMPLETE alone', () => {
    const complete = {
      key: 'p_x',
      full_name: 'Mia Park',
      match_type: 'COMPLETE',
      match_score: 100,
      key_matches: [{ key: 'EMAIL', value: 'mia@park.example' }]
    }
    expect(classify({ emails: ['mia@park.example'] }, [complete], 15).outcome).toBe('matched')
    // a service that says neither which identifier matched nor shows the person's emails
    const silent = { key: 'p_x', full_name: 'Mia Park', match_type: 'COMPLETE', match_score: 100 }
    expect(classify({ name: 'Mia Park', emails: ['mia@park.example'] }, [silent], 15)).toMatchObject({
      outcome: 'matched',
      reason: 'same email and name'
    })
    const shown = { ...silent, emails: ['other@park.example'] }
    expect(classify({ emails: ['mia@park.example'] }, [shown], 15).outcome).not.toBe('matched')
    const unrelated = { ...complete, key_matches: [{ key: 'EMAIL', value: 'someone@else.example' }] }
    expect(
      classify({ name: 'Mia Park', company: 'Elsewhere GmbH', location: 'Berlin' }, [unrelated], 15).outcome
    ).not.toBe('matched')
  })

  it('keeps the lead threshold: two candidates that both fit are told apart by the service’s score', () => {
    const one = { ...isabella, key: 'p_one', match_score: 90 }
    const two = { ...isabella, key: 'p_two', match_score: 80 }
    const row = { name: 'Isabella Coleman', company: 'Keystone Accounting' }
    expect(classify(row, [one, two], 15)).toMatchObject({ outcome: 'doubtful', fitting: 2 })
    expect(classify(row, [one, two], 15).reason).toBe(
      '2 candidates fit (same name and employer); none ahead by 15 points'
    )
    expect(classify(row, [one, two], 5)).toMatchObject({ outcome: 'matched', key: 'p_one' })
    // a candidate that fits beats one that does not, whatever their scores
    const elsewhere = { ...isabella, key: 'p_far', cur_company: 'Wayne Enterprises', match_score: 95 }
    expect(classify(row, [elsewhere, two], 15)).toMatchObject({ outcome: 'matched', key: 'p_two' })
  })

  it('answers none without candidates, or when none is worth a look', () => {
    expect(classify({ name: 'Ada Lovelace' }, [], 15)).toMatchObject({ outcome: 'none', reason: 'no candidate found' })
    const stranger = { ...hannaFischer, full_name: 'Jonas Fischer', key: 'p_jonas' }
    const verdict = classify(
      { name: 'Anna Fischer', company: 'Hafenkran Systems AG', location: 'Köln' },
      [stranger],
      15
    )
    expect(verdict.outcome).toBe('none')
    expect(verdict.reason).toBe('different name (Anna ≠ Jonas), employer and city')
  })
})

describe('the comparisons it is made of', () => {
  it('folds case, accents and punctuation, and sets legal forms aside', () => {
    expect(fold('Müller-Lüdenscheidt GmbH & Co.')).toBe('muller ludenscheidt gmbh and co')
    expect(fold('Søren Ærø Straße')).toBe('soren aero strasse')
    expect(companyWords('Blaubeer Software AG')).toEqual(['blaubeer', 'software'])
    expect(sameCompany('Pied Piper, Inc.', 'PiedPiper')).toBe(true)
    expect(sameCompany('Keystone', 'Keystone Accounting')).toBe(true)
    expect(sameCompany('Lakeside Childrens Hospital', "Lakeside Children's Hospital")).toBe(true)
    expect(sameCompany('Northstar Systems', 'Northstar Fintech')).toBe(false)
    expect(sameCompany('Hafenkran Systems AG', 'Quantum Ledger')).toBe(false)
  })

  it('compares titles by the job, not the rank, and schools by their own words or acronym', () => {
    expect(sameTitle('Financial Analyst', 'Lead Financial Analyst')).toBe(true)
    expect(sameTitle('Softwareentwicklerin', 'Principal Engineer')).toBe(false)
    expect(sameSchool('Columbia', 'Columbia University')).toBe(true)
    expect(sameSchool('MIT', 'Massachusetts Institute of Technology')).toBe(true)
    expect(sameSchool('University of Michigan', 'Harvard University')).toBe(false)
  })

  it('pairs name words in any order, closest first (Jaro-Winkler)', () => {
    expect(compareNames('Coleman, Isabella', isabella).level).toBe('exact')
    expect(compareNames('Matrha Coleman', { full_name: 'Martha Coleman' })).toEqual({
      level: 'close',
      pair: ['Matrha', 'Martha']
    })
    expect(compareNames('Dr. Isabella J. Coleman', isabella).level).toBe('exact')
    expect(compareNames('Julia Becker', { full_name: 'Thomas Becker' }).level).toBe('partial')
    expect(compareNames('Isabella', isabella)).toEqual({ level: 'part', pair: ['Isabella', 'Isabella Coleman'] })
    expect(compareNames('Isabella Maria Coleman', isabella)).toEqual({
      level: 'close',
      pair: ['Isabella Maria Coleman', 'Isabella Coleman']
    })
    const firstNameOnly = classify({ name: 'Isabella', company: 'Keystone Accounting' }, [isabella], 15)
    expect(firstNameOnly).toMatchObject({
      outcome: 'doubtful',
      reason: 'only part of the name (Isabella of Isabella Coleman), same employer'
    })
    expect(compareNames('', isabella).level).toBe('missing')
  })

  it('reads places as city, region and country, with their other names and codes', () => {
    const chicago = { city: 'Chicago', state: 'Illinois', country: 'United States' }
    expect(comparePlace('Chicago, IL', chicago).level).toBe('city')
    expect(comparePlace('IL', chicago).level).toBe('region')
    expect(comparePlace('USA', chicago).level).toBe('country')
    expect(comparePlace('Springfield, IL', chicago).level).toBe('different')
    expect(comparePlace('Köln', { city: 'Cologne', country: 'Germany' }).level).toBe('city')
    expect(comparePlace('Köln', { locations: ['Köln, Nordrhein-Westfalen, Deutschland'] }).level).toBe('city')
    expect(comparePlace('', chicago).level).toBe('missing')
  })

  it('weighs an agreeing identifier above any other field', () => {
    const sameEmail = compareCandidate(
      { name: 'Isabella Coleman', company: 'Elsewhere', emails: ['isabella.coleman@keystoneaccounting.example'] },
      isabella
    )
    expect(sameEmail.identifier).toBe('email')
    expect(sameEmail.weight).toBeGreaterThan(
      compareCandidate({ name: 'Isabella Coleman', company: 'Keystone' }, isabella).weight
    )
  })
})

describe('the looser ask for a misspelt name', () => {
  it('asks by the last name, then the first, with the row’s context; only with context and two names', () => {
    expect(
      looserAsks({ name: 'Isbaella Coleman', company: 'Keystone', location: 'Edinburgh', emails: ['a@b.example'] })
    ).toEqual([
      { body: { name: 'Coleman', company: 'Keystone', location: 'Edinburgh' }, suffix: '-loose' },
      { body: { name: 'Isbaella', company: 'Keystone', location: 'Edinburgh' }, suffix: '-loose-first' }
    ])
    expect(looserAsks({ name: 'Isbaella Coleman' })).toEqual([])
    expect(looserAsks({ name: 'Coleman', company: 'Keystone' })).toEqual([])
  })

  it('adds only new candidates, and ranks them by the row’s values', () => {
    const first = [hannaFischer]
    const merged = withLooser(first, [hannaFischer, isabella])
    expect(merged.map((p) => p.key)).toEqual(['p_hanna', 'p_isabella'])
    const row = { name: 'Isbaella Coleman', company: 'Keystone Accounting' }
    expect(byEvidence(row, merged).map((p) => p['key'])).toEqual(['p_isabella', 'p_hanna'])
    expect(classify(row, merged, 15)).toMatchObject({ outcome: 'matched', key: 'p_isabella' })
  })
})
