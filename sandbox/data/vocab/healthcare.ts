/** NPI taxonomy codes (real NUCC codes) for physicians and nurses, and what goes with them. */
import type { Role } from './role'

export interface Taxonomy {
  code: string
  name: string
  desc: string
  category: string
  parentCode: string
  /** Job title of a physician holding this taxonomy. */
  title: string
  skills: readonly string[]
}

const physician = (code: string, name: string, title: string, skills: string[]): Taxonomy => ({
  code,
  name,
  desc: `Allopathic & Osteopathic Physicians - ${name}`,
  category: 'Allopathic & Osteopathic Physicians',
  parentCode: '20',
  title,
  skills
})

export const physicianTaxonomies: readonly Taxonomy[] = [
  physician('207R00000X', 'Internal Medicine', 'Internist', [
    'Internal Medicine',
    'Chronic Disease Management',
    'Diagnosis'
  ]),
  physician('207RC0000X', 'Cardiovascular Disease', 'Cardiologist', [
    'Cardiology',
    'Echocardiography',
    'Cardiac Catheterization'
  ]),
  physician('207Q00000X', 'Family Medicine', 'Family Medicine Physician', [
    'Primary Care',
    'Preventive Medicine',
    'Family Medicine'
  ]),
  physician('208000000X', 'Pediatrics', 'Pediatrician', ['Pediatrics', 'Neonatal Care', 'Vaccinations']),
  physician('207P00000X', 'Emergency Medicine', 'Emergency Medicine Physician', [
    'Emergency Medicine',
    'Trauma Care',
    'Critical Care'
  ]),
  physician('2085R0202X', 'Diagnostic Radiology', 'Radiologist', ['Radiology', 'MRI', 'CT Imaging']),
  physician('207L00000X', 'Anesthesiology', 'Anesthesiologist', ['Anesthesiology', 'Pain Management', 'Critical Care']),
  physician('2084P0800X', 'Psychiatry', 'Psychiatrist', [
    'Psychiatry',
    'Psychopharmacology',
    'Cognitive Behavioral Therapy'
  ]),
  physician('207N00000X', 'Dermatology', 'Dermatologist', [
    'Dermatology',
    'Dermatologic Surgery',
    'Skin Cancer Screening'
  ]),
  physician('2084N0400X', 'Neurology', 'Neurologist', ['Neurology', 'EEG', 'Stroke Care']),
  physician('207X00000X', 'Orthopaedic Surgery', 'Orthopedic Surgeon', [
    'Orthopedic Surgery',
    'Sports Medicine',
    'Joint Replacement'
  ]),
  physician('208600000X', 'Surgery', 'General Surgeon', [
    'General Surgery',
    'Laparoscopic Surgery',
    'Surgical Oncology'
  ]),
  physician('207W00000X', 'Ophthalmology', 'Ophthalmologist', ['Ophthalmology', 'Cataract Surgery', 'Retina']),
  physician('207V00000X', 'Obstetrics & Gynecology', 'Obstetrician-Gynecologist', [
    'Obstetrics',
    'Gynecology',
    'Prenatal Care'
  ])
]

/** Physician roles, derived from the taxonomies so a title always agrees with its taxonomy. */
export const physicianRoles: readonly Role[] = physicianTaxonomies.map((t) => ({
  title: t.title,
  specialization: t.name,
  skills: t.skills
}))

export const nurseTaxonomies: Readonly<
  Record<string, { code: string; name: string; type: string; licenseTitle: string }>
> = {
  'Registered Nurse': { code: '163W00000X', name: 'Registered Nurse', type: 'RN', licenseTitle: 'Registered Nurse' },
  'Nurse Practitioner': {
    code: '363LF0000X',
    name: 'Nurse Practitioner - Family',
    type: 'NP',
    licenseTitle: 'Advanced Practice Registered Nurse'
  },
  'Licensed Practical Nurse': {
    code: '164W00000X',
    name: 'Licensed Practical Nurse',
    type: 'LPN',
    licenseTitle: 'Licensed Practical Nurse'
  }
}
