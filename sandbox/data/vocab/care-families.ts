import type { Family } from './family'
import { physicianRoles } from './healthcare'

/** The research and care families: research, physicians and nurses (in families.ts's list). */

export const researchAndCareFamilies: readonly Family[] = [
  {
    id: 'research',
    weight: 5,
    department: 'Research',
    roles: [
      {
        title: 'Research Scientist',
        specialization: 'Machine Learning Research',
        skills: [
          'Machine Learning',
          'Deep Learning',
          'PyTorch',
          'Python',
          'Natural Language Processing',
          'Computer Vision'
        ]
      },
      {
        title: 'Research Scientist',
        specialization: 'Computational Biology',
        skills: ['Bioinformatics', 'Genomics', 'Python', 'R', 'Statistics']
      },
      {
        title: 'Research Scientist',
        specialization: 'Materials Science',
        skills: ['Materials Characterization', 'Electron Microscopy', 'MATLAB', 'Simulation']
      },
      {
        title: 'Postdoctoral Researcher',
        specialization: 'Research',
        skills: ['Scientific Writing', 'Statistics', 'Python', 'Grant Writing', 'Data Analysis']
      }
    ],
    common: ['Scientific Writing', 'Peer Review', 'Data Analysis', 'Teaching'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Research Manager',
    director: 'Director of Research',
    vp: 'VP of Research',
    chief: 'Chief Scientific Officer',
    companyKinds: { university: 5, tech: 3, biotech: 3 },
    majors: ['Computer Science', 'Biology', 'Physics', 'Chemistry', 'Materials Science', 'Neuroscience'],
    schooling: 'phd',
    rates: { codehost: 0.3, qasite: 0.05, academic: 1 },
    // Postdocs who move up become research scientists.
    titleAt: (level, role) => {
      if (role.title !== 'Postdoctoral Researcher' || level <= 2) return undefined
      return ['Senior Research Scientist', 'Staff Research Scientist', 'Principal Research Scientist'][level - 3]
    }
  },
  {
    id: 'physician',
    weight: 8,
    department: 'Medicine',
    roles: physicianRoles, // one per NPI taxonomy, so titles agree with taxonomies
    common: ['Patient Care', 'Clinical Research', 'Electronic Health Records', 'Medical Education', 'Epic Systems'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Medical Director',
    director: 'Chief of Medicine',
    vp: 'VP of Medical Affairs',
    chief: 'Chief Medical Officer',
    companyKinds: { hospital: 8, university: 1 },
    majors: ['Medicine'],
    schooling: 'md',
    rates: { codehost: 0, qasite: 0, academic: 0.35 },
    titleAt: (level, role) => {
      if (level <= 1) return 'Resident Physician'
      if (level === 3) return `Attending ${role.title}`
      if (level === 4 || level === 5) return `Lead ${role.title}`
      return undefined
    },
    certifications: ['Board Certified', 'ACLS', 'BLS']
  },
  {
    id: 'nurse',
    weight: 5,
    department: 'Nursing',
    roles: [
      {
        title: 'Registered Nurse',
        specialization: 'Medical-Surgical Nursing',
        skills: ['Patient Care', 'Medication Administration', 'Care Planning', 'IV Therapy']
      },
      {
        title: 'Registered Nurse',
        specialization: 'Intensive Care',
        skills: ['Critical Care', 'Ventilator Management', 'Patient Care', 'Hemodynamic Monitoring']
      },
      {
        title: 'Registered Nurse',
        specialization: 'Emergency Nursing',
        skills: ['Triage', 'Trauma Care', 'Patient Care', 'ACLS']
      },
      {
        title: 'Nurse Practitioner',
        specialization: 'Family Practice',
        skills: ['Primary Care', 'Diagnosis', 'Prescribing', 'Patient Education']
      },
      {
        title: 'Licensed Practical Nurse',
        specialization: 'Practical Nursing',
        skills: ['Patient Care', 'Vital Signs', 'Wound Care', 'Medication Administration']
      }
    ],
    common: ['BLS', 'Electronic Health Records', 'Epic Systems', 'Patient Safety', 'Compassionate Care'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Nurse Manager',
    director: 'Director of Nursing',
    vp: 'VP of Patient Care Services',
    chief: 'Chief Nursing Officer',
    companyKinds: { hospital: 10 },
    majors: ['Nursing'],
    schooling: 'nursing',
    rates: { codehost: 0, qasite: 0, academic: 0 },
    titleAt: (level, role) => {
      if (level <= 1) return role.title === 'Registered Nurse' ? 'Graduate Nurse' : role.title
      if (level === 3) return role.title === 'Registered Nurse' ? 'Charge Nurse' : `Senior ${role.title}`
      if (level === 4 || level === 5)
        return role.title === 'Registered Nurse' ? 'Clinical Nurse Specialist' : `Lead ${role.title}`
      return undefined
    },
    certifications: ['BLS', 'ACLS', 'PALS', 'CCRN']
  }
]
