/**
 * Job families: the roles in each, how titles change with seniority, the skills that go with the
 * roles, the employers and studies that fit, and how often the family has the optional sections.
 */
import { researchAndCareFamilies } from './care-families'
import type { Family } from './family'
import { techFamilies } from './tech-families'

export { seniorities, type Family, type Level, type SectionRates, type Seniority } from './family'
export type { Role } from './role'

/** In this order: a family is picked by weight along the list (career.ts), so moving one changes every person. */
export const families: readonly Family[] = [
  ...techFamilies,
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
  ...researchAndCareFamilies,
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
