import type { CompanyKind } from './companies'
import type { Role } from './role'

/* What a job family is: its seniority ladder and the shape of one family (families.ts lists them). */

/** Seniority ladder, lowest first. Index = level. */
export const seniorities = [
  'Intern',
  'Junior',
  'Mid',
  'Senior',
  'Staff',
  'Principal',
  'Manager',
  'Director',
  'VP',
  'CXO'
] as const
export type Seniority = (typeof seniorities)[number]
export type Level = number

export interface SectionRates {
  codehost: number
  qasite: number
  academic: number
}

export interface Family {
  id: string
  weight: number
  department: string
  roles: readonly Role[]
  /** Skills anyone in the family may list. */
  common: readonly string[]
  /** Word in "Staff X": tech ladders say Staff/Principal, others Lead. */
  icSenior: 'Staff' | 'Lead'
  /** Highest reachable individual-contributor level (4 = Staff/Lead, 5 = Principal). */
  icMax: Level
  manager: string
  director: string
  vp: string
  chief: string
  companyKinds: Readonly<Partial<Record<CompanyKind, number>>>
  majors: readonly string[]
  /** 'phd' families usually hold a doctorate; 'md' a medical degree; 'nursing' a BSN. */
  schooling: 'standard' | 'phd' | 'md' | 'nursing'
  rates: SectionRates
  /** Title override per level; falls back to the generic ladder. */
  titleAt?: (level: Level, role: Role) => string | undefined
  certifications?: readonly string[]
}
