/**
 * Job families: the roles in each, how titles change with seniority, the skills that go with the
 * roles, the employers and studies that fit, and how often the family has the optional sections.
 */
import type { CompanyKind } from './companies'
import { physicianRoles } from './healthcare'
import type { Role } from './role'

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

export type { Role } from './role'

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

const techKinds = { tech: 6, finance: 2, retail: 1, industrial: 1, consulting: 1, media: 1, biotech: 1 }

export const families: readonly Family[] = [
  {
    id: 'software',
    weight: 28,
    department: 'Engineering',
    roles: [
      {
        title: 'Software Engineer',
        specialization: 'Software Development',
        skills: ['Java', 'Python', 'Go', 'SQL', 'Distributed Systems', 'Microservices', 'REST APIs']
      },
      {
        title: 'Backend Engineer',
        specialization: 'Backend',
        skills: ['Java', 'Go', 'Python', 'PostgreSQL', 'Kafka', 'gRPC', 'Redis', 'Microservices']
      },
      {
        title: 'Frontend Engineer',
        specialization: 'Frontend',
        skills: ['JavaScript', 'TypeScript', 'React', 'Vue.js', 'Svelte', 'CSS', 'HTML', 'Webpack']
      },
      {
        title: 'Full Stack Engineer',
        specialization: 'Full Stack',
        skills: ['JavaScript', 'TypeScript', 'Node.js', 'React', 'PostgreSQL', 'Ruby on Rails', 'Python', 'Django']
      },
      {
        title: 'Mobile Engineer',
        specialization: 'Mobile',
        skills: ['Swift', 'Kotlin', 'iOS', 'Android', 'React Native', 'Objective-C', 'Flutter']
      },
      {
        title: 'Machine Learning Engineer',
        specialization: 'Machine Learning',
        skills: ['Python', 'PyTorch', 'TensorFlow', 'Machine Learning', 'Deep Learning', 'MLOps', 'Spark']
      },
      {
        title: 'Embedded Software Engineer',
        specialization: 'Embedded',
        skills: ['C', 'C++', 'Rust', 'Embedded Linux', 'RTOS', 'Firmware']
      },
      {
        title: 'Software Developer',
        specialization: 'Software Development',
        skills: ['C#', '.NET', 'Java', 'SQL Server', 'Azure', 'PHP', 'Ruby']
      }
    ],
    common: ['Git', 'Agile', 'Code Review', 'Unit Testing', 'Linux', 'Docker', 'AWS', 'CI/CD', 'System Design'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Engineering Manager',
    director: 'Director of Engineering',
    vp: 'VP of Engineering',
    chief: 'Chief Technology Officer',
    companyKinds: techKinds,
    majors: [
      'Computer Science',
      'Software Engineering',
      'Computer Engineering',
      'Electrical Engineering',
      'Mathematics',
      'Physics'
    ],
    schooling: 'standard',
    rates: { codehost: 0.72, qasite: 0.38, academic: 0.03 },
    certifications: [
      'AWS Certified Developer',
      'Certified Kubernetes Application Developer',
      'Oracle Certified Professional Java Programmer'
    ]
  },
  {
    id: 'data',
    weight: 8,
    department: 'Data',
    roles: [
      {
        title: 'Data Scientist',
        specialization: 'Data Science',
        skills: ['Python', 'R', 'Statistics', 'Machine Learning', 'pandas', 'scikit-learn', 'A/B Testing']
      },
      {
        title: 'Data Engineer',
        specialization: 'Data Engineering',
        skills: ['Python', 'SQL', 'Spark', 'Airflow', 'Kafka', 'Snowflake', 'dbt', 'Scala']
      },
      {
        title: 'Data Analyst',
        specialization: 'Analytics',
        skills: ['SQL', 'Tableau', 'Excel', 'Python', 'Looker', 'Power BI']
      },
      {
        title: 'Analytics Engineer',
        specialization: 'Analytics',
        skills: ['SQL', 'dbt', 'Looker', 'Python', 'BigQuery', 'Snowflake']
      }
    ],
    common: ['SQL', 'Data Visualization', 'Statistics', 'Jupyter', 'Git', 'Data Modeling'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Data Science Manager',
    director: 'Director of Data',
    vp: 'VP of Data',
    chief: 'Chief Data Officer',
    companyKinds: { tech: 5, finance: 3, retail: 2, biotech: 2, consulting: 2, media: 1 },
    majors: ['Statistics', 'Computer Science', 'Mathematics', 'Economics', 'Physics', 'Data Science'],
    schooling: 'standard',
    rates: { codehost: 0.55, qasite: 0.3, academic: 0.15 }
  },
  {
    id: 'devops',
    weight: 5,
    department: 'Infrastructure',
    roles: [
      {
        title: 'DevOps Engineer',
        specialization: 'DevOps',
        skills: ['Kubernetes', 'Terraform', 'AWS', 'Docker', 'Jenkins', 'Ansible', 'Bash']
      },
      {
        title: 'Site Reliability Engineer',
        specialization: 'SRE',
        skills: ['Kubernetes', 'Go', 'Prometheus', 'Grafana', 'Linux', 'Python', 'Incident Management']
      },
      {
        title: 'Cloud Engineer',
        specialization: 'Cloud Infrastructure',
        skills: ['AWS', 'Azure', 'Google Cloud', 'Terraform', 'Networking', 'Python']
      },
      {
        title: 'Platform Engineer',
        specialization: 'Platform',
        skills: ['Kubernetes', 'Go', 'Helm', 'Terraform', 'Service Mesh', 'CI/CD']
      }
    ],
    common: ['Linux', 'Git', 'CI/CD', 'Docker', 'Monitoring', 'Bash'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Infrastructure Engineering Manager',
    director: 'Director of Infrastructure',
    vp: 'VP of Infrastructure',
    chief: 'Chief Technology Officer',
    companyKinds: techKinds,
    majors: ['Computer Science', 'Information Systems', 'Computer Engineering', 'Network Engineering'],
    schooling: 'standard',
    rates: { codehost: 0.6, qasite: 0.3, academic: 0 },
    certifications: [
      'AWS Certified Solutions Architect',
      'Certified Kubernetes Administrator',
      'HashiCorp Certified Terraform Associate'
    ]
  },
  {
    id: 'security',
    weight: 2,
    department: 'Security',
    roles: [
      {
        title: 'Security Engineer',
        specialization: 'Application Security',
        skills: ['Penetration Testing', 'OWASP', 'Python', 'Threat Modeling', 'Burp Suite']
      },
      {
        title: 'Security Analyst',
        specialization: 'Security Operations',
        skills: ['SIEM', 'Splunk', 'Incident Response', 'Network Security', 'Threat Intelligence']
      }
    ],
    common: ['Linux', 'Networking', 'Cryptography', 'Risk Assessment', 'Cloud Security'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Security Engineering Manager',
    director: 'Director of Security',
    vp: 'VP of Security',
    chief: 'Chief Information Security Officer',
    companyKinds: { tech: 4, finance: 3, industrial: 1, consulting: 1 },
    majors: ['Computer Science', 'Cybersecurity', 'Information Systems'],
    schooling: 'standard',
    rates: { codehost: 0.5, qasite: 0.2, academic: 0.02 },
    certifications: ['CISSP', 'OSCP', 'CompTIA Security+', 'CISM']
  },
  {
    id: 'product',
    weight: 5,
    department: 'Product',
    roles: [
      {
        title: 'Product Manager',
        specialization: 'Product Management',
        skills: ['Product Strategy', 'Roadmapping', 'User Research', 'A/B Testing', 'SQL', 'Jira']
      },
      {
        title: 'Technical Product Manager',
        specialization: 'Technical Product Management',
        skills: ['APIs', 'Product Strategy', 'System Design', 'SQL', 'Roadmapping']
      },
      {
        title: 'Product Owner',
        specialization: 'Product Management',
        skills: ['Scrum', 'Backlog Management', 'Jira', 'User Stories', 'Agile']
      }
    ],
    common: ['Stakeholder Management', 'Agile', 'Analytics', 'Go-to-Market Strategy', 'Communication'],
    icSenior: 'Lead',
    icMax: 5,
    manager: 'Group Product Manager',
    director: 'Director of Product',
    vp: 'VP of Product',
    chief: 'Chief Product Officer',
    companyKinds: { tech: 6, finance: 2, retail: 2, media: 1 },
    majors: ['Business Administration', 'Computer Science', 'Economics', 'Industrial Engineering'],
    schooling: 'standard',
    rates: { codehost: 0.1, qasite: 0.03, academic: 0 },
    titleAt: (level, role) => (level === 5 ? `Principal ${role.title}` : undefined),
    certifications: ['Certified Scrum Product Owner', 'Pragmatic Institute PMC']
  },
  {
    id: 'design',
    weight: 4,
    department: 'Design',
    roles: [
      {
        title: 'Product Designer',
        specialization: 'Product Design',
        skills: ['Figma', 'Prototyping', 'Interaction Design', 'Design Systems', 'User Research']
      },
      {
        title: 'UX Designer',
        specialization: 'User Experience',
        skills: ['Figma', 'Sketch', 'Wireframing', 'Usability Testing', 'Information Architecture']
      },
      {
        title: 'UX Researcher',
        specialization: 'User Research',
        skills: ['User Research', 'Usability Testing', 'Surveys', 'Qualitative Research', 'Personas']
      },
      {
        title: 'Visual Designer',
        specialization: 'Visual Design',
        skills: ['Adobe Illustrator', 'Photoshop', 'Typography', 'Branding', 'Figma']
      }
    ],
    common: ['Figma', 'Design Thinking', 'Accessibility', 'Collaboration'],
    icSenior: 'Staff',
    icMax: 5,
    manager: 'Design Manager',
    director: 'Director of Design',
    vp: 'VP of Design',
    chief: 'Chief Design Officer',
    companyKinds: { tech: 5, media: 3, retail: 2, consulting: 1 },
    majors: ['Graphic Design', 'Human-Computer Interaction', 'Psychology', 'Industrial Design', 'Fine Arts'],
    schooling: 'standard',
    rates: { codehost: 0.1, qasite: 0.02, academic: 0 }
  },
  {
    id: 'sales',
    weight: 8,
    department: 'Sales',
    roles: [
      {
        title: 'Account Executive',
        specialization: 'Sales',
        skills: ['Salesforce', 'Negotiation', 'Pipeline Management', 'Enterprise Sales', 'Cold Calling']
      },
      {
        title: 'Sales Development Representative',
        specialization: 'Sales Development',
        skills: ['Prospecting', 'Cold Calling', 'Outreach', 'Salesforce', 'Lead Generation']
      },
      {
        title: 'Account Manager',
        specialization: 'Account Management',
        skills: ['Account Management', 'Upselling', 'Salesforce', 'Relationship Building', 'Negotiation']
      },
      {
        title: 'Sales Engineer',
        specialization: 'Solutions Engineering',
        skills: ['Technical Demos', 'Solution Architecture', 'APIs', 'Presales', 'SQL']
      }
    ],
    common: ['CRM', 'Negotiation', 'Forecasting', 'Communication', 'B2B Sales'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Sales Manager',
    director: 'Director of Sales',
    vp: 'VP of Sales',
    chief: 'Chief Revenue Officer',
    companyKinds: { tech: 4, finance: 2, retail: 2, industrial: 2, media: 1, biotech: 1 },
    majors: ['Business Administration', 'Marketing', 'Communications', 'Economics'],
    schooling: 'standard',
    rates: { codehost: 0, qasite: 0, academic: 0 }
  },
  {
    id: 'marketing',
    weight: 6,
    department: 'Marketing',
    roles: [
      {
        title: 'Marketing Manager',
        specialization: 'Marketing',
        skills: ['Campaign Management', 'Marketing Automation', 'HubSpot', 'Content Strategy', 'Email Marketing']
      },
      {
        title: 'Growth Marketer',
        specialization: 'Growth',
        skills: ['SEO', 'SEM', 'Google Analytics', 'A/B Testing', 'Paid Social']
      },
      {
        title: 'Content Strategist',
        specialization: 'Content',
        skills: ['Content Strategy', 'Copywriting', 'SEO', 'Editing', 'Social Media']
      },
      {
        title: 'Product Marketing Manager',
        specialization: 'Product Marketing',
        skills: ['Positioning', 'Go-to-Market Strategy', 'Competitive Analysis', 'Messaging']
      }
    ],
    common: ['Marketing Strategy', 'Analytics', 'Branding', 'Communication', 'Social Media'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Head of Marketing',
    director: 'Director of Marketing',
    vp: 'VP of Marketing',
    chief: 'Chief Marketing Officer',
    companyKinds: { tech: 3, retail: 3, media: 3, finance: 1, biotech: 1 },
    majors: ['Marketing', 'Communications', 'Journalism', 'Business Administration', 'English'],
    schooling: 'standard',
    rates: { codehost: 0, qasite: 0, academic: 0 },
    titleAt: (level, role) => (level === 2 && role.title === 'Marketing Manager' ? 'Marketing Specialist' : undefined)
  },
  {
    id: 'finance',
    weight: 5,
    department: 'Finance',
    roles: [
      {
        title: 'Financial Analyst',
        specialization: 'FP&A',
        skills: ['Financial Modeling', 'Excel', 'Forecasting', 'Budgeting', 'Valuation']
      },
      {
        title: 'Accountant',
        specialization: 'Accounting',
        skills: ['GAAP', 'Reconciliation', 'QuickBooks', 'Audit', 'Tax']
      },
      {
        title: 'Investment Analyst',
        specialization: 'Investments',
        skills: ['Valuation', 'Financial Modeling', 'Bloomberg', 'Equity Research', 'Excel']
      }
    ],
    common: ['Excel', 'Financial Reporting', 'SAP', 'Analysis'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Finance Manager',
    director: 'Director of Finance',
    vp: 'VP of Finance',
    chief: 'Chief Financial Officer',
    companyKinds: { finance: 6, consulting: 3, tech: 2, retail: 1, industrial: 1 },
    majors: ['Finance', 'Accounting', 'Economics', 'Business Administration'],
    schooling: 'standard',
    rates: { codehost: 0, qasite: 0, academic: 0 },
    certifications: ['CPA', 'CFA Level I', 'CFA Charterholder']
  },
  {
    id: 'people',
    weight: 4,
    department: 'People',
    roles: [
      {
        title: 'Recruiter',
        specialization: 'Talent Acquisition',
        skills: ['Sourcing', 'Interviewing', 'Applicant Tracking Systems', 'Boolean Search', 'Employer Branding']
      },
      {
        title: 'Technical Recruiter',
        specialization: 'Technical Recruiting',
        skills: ['Technical Sourcing', 'Boolean Search', 'Interviewing', 'Greenhouse', 'Negotiation']
      },
      {
        title: 'HR Business Partner',
        specialization: 'Human Resources',
        skills: ['Employee Relations', 'Performance Management', 'Compensation', 'HR Policies', 'Coaching']
      }
    ],
    common: ['Communication', 'Onboarding', 'HRIS', 'Workday'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Talent Acquisition Manager',
    director: 'Director of People',
    vp: 'VP of People',
    chief: 'Chief People Officer',
    companyKinds: { tech: 3, consulting: 2, finance: 1, retail: 1, industrial: 1, hospital: 1 },
    majors: ['Psychology', 'Human Resources', 'Business Administration', 'Sociology'],
    schooling: 'standard',
    rates: { codehost: 0, qasite: 0, academic: 0 },
    certifications: ['SHRM-CP', 'PHR']
  },
  {
    id: 'operations',
    weight: 4,
    department: 'Operations',
    roles: [
      {
        title: 'Operations Manager',
        specialization: 'Operations',
        skills: ['Process Improvement', 'Lean Six Sigma', 'Supply Chain', 'Vendor Management', 'Logistics']
      },
      {
        title: 'Project Manager',
        specialization: 'Project Management',
        skills: ['Project Planning', 'Risk Management', 'Budgeting', 'Jira', 'Stakeholder Management']
      },
      {
        title: 'Business Analyst',
        specialization: 'Business Analysis',
        skills: ['Requirements Gathering', 'SQL', 'Process Mapping', 'Excel', 'Visio']
      }
    ],
    common: ['Excel', 'Communication', 'Problem Solving', 'Reporting'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Senior Operations Manager',
    director: 'Director of Operations',
    vp: 'VP of Operations',
    chief: 'Chief Operating Officer',
    companyKinds: { industrial: 4, retail: 3, consulting: 2, tech: 2, finance: 1 },
    majors: ['Business Administration', 'Industrial Engineering', 'Supply Chain Management', 'Economics'],
    schooling: 'standard',
    rates: { codehost: 0, qasite: 0, academic: 0 },
    certifications: ['PMP', 'Lean Six Sigma Green Belt']
  },
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
  },
  {
    id: 'success',
    weight: 3,
    department: 'Customer Success',
    roles: [
      {
        title: 'Customer Success Manager',
        specialization: 'Customer Success',
        skills: ['Customer Retention', 'Onboarding', 'Gainsight', 'Account Management', 'Renewals']
      },
      {
        title: 'Support Engineer',
        specialization: 'Technical Support',
        skills: ['Troubleshooting', 'Zendesk', 'SQL', 'APIs', 'Linux']
      }
    ],
    common: ['Customer Service', 'Communication', 'CRM', 'Problem Solving'],
    icSenior: 'Lead',
    icMax: 4,
    manager: 'Customer Success Team Lead',
    director: 'Director of Customer Success',
    vp: 'VP of Customer Success',
    chief: 'Chief Customer Officer',
    companyKinds: { tech: 6, finance: 1, retail: 1 },
    majors: ['Business Administration', 'Communications', 'Psychology', 'Information Systems'],
    schooling: 'standard',
    rates: { codehost: 0.05, qasite: 0.05, academic: 0 }
  }
]

/** Programming languages among the skills (feed prog_lang_ranks and repository languages). */
export const programmingLanguages: readonly string[] = [
  'Python',
  'Java',
  'JavaScript',
  'TypeScript',
  'Go',
  'Rust',
  'C',
  'C++',
  'C#',
  'Ruby',
  'PHP',
  'Scala',
  'Kotlin',
  'Swift',
  'Objective-C',
  'R',
  'Bash',
  'MATLAB',
  'Elixir',
  'Haskell'
]

/** Soft skills anyone may list. */
export const softSkills: readonly string[] = [
  'Leadership',
  'Mentoring',
  'Public Speaking',
  'Team Building',
  'Cross-functional Collaboration'
]

export const languagesSpoken: readonly string[] = [
  'English',
  'Spanish',
  'French',
  'German',
  'Mandarin',
  'Hindi',
  'Portuguese',
  'Japanese',
  'Arabic',
  'Korean',
  'Italian',
  'Russian'
]

export const interests: readonly string[] = [
  'Open Source',
  'Hiking',
  'Photography',
  'Chess',
  'Running',
  'Cycling',
  'Cooking',
  'Volunteering',
  'Music',
  'Travel',
  'Climbing',
  'Reading',
  'Gardening',
  'Board Games',
  'Sailing'
]
