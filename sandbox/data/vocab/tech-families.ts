import type { Family } from './family'

/** The engineering families: software, data, DevOps and security (first in families.ts's list). */

const techKinds = { tech: 6, finance: 2, retail: 1, industrial: 1, consulting: 1, media: 1, biotech: 1 }

export const techFamilies: readonly Family[] = [
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
  }
]
