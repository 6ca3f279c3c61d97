/** Fictional open-source projects and words for repository names, papers and Q&A posts. */

export interface OssProject {
  name: string
  owner: string
  language: string
  topics: readonly string[]
  stars: number
  description: string
}

export const ossProjects: readonly OssProject[] = [
  {
    owner: 'fastgrid',
    name: 'fastgrid',
    language: 'Rust',
    topics: ['dataframe', 'performance'],
    stars: 18200,
    description: 'Columnar data grid engine'
  },
  {
    owner: 'lumen-ui',
    name: 'lumen',
    language: 'TypeScript',
    topics: ['ui', 'components', 'react'],
    stars: 32400,
    description: 'Accessible UI component kit'
  },
  {
    owner: 'tidepool',
    name: 'tidepool',
    language: 'Go',
    topics: ['kubernetes', 'operator'],
    stars: 9100,
    description: 'Kubernetes operator for stateful pools'
  },
  {
    owner: 'quillml',
    name: 'quill',
    language: 'Python',
    topics: ['machine-learning', 'nlp'],
    stars: 27800,
    description: 'Text models toolkit'
  },
  {
    owner: 'orbit-db-labs',
    name: 'orbitkv',
    language: 'C++',
    topics: ['database', 'storage'],
    stars: 6400,
    description: 'Embedded key-value store'
  },
  {
    owner: 'pathway',
    name: 'pathway-router',
    language: 'JavaScript',
    topics: ['router', 'web'],
    stars: 12700,
    description: 'Tiny client-side router'
  },
  {
    owner: 'ferrous',
    name: 'ferrous-http',
    language: 'Rust',
    topics: ['http', 'async'],
    stars: 15300,
    description: 'Async HTTP server'
  },
  {
    owner: 'gantry',
    name: 'gantry',
    language: 'Go',
    topics: ['ci', 'devops'],
    stars: 7800,
    description: 'Pipeline runner'
  },
  {
    owner: 'pandora-data',
    name: 'sieve',
    language: 'Python',
    topics: ['etl', 'data-engineering'],
    stars: 5200,
    description: 'Declarative ETL'
  },
  {
    owner: 'mobilekit',
    name: 'swiftstack',
    language: 'Swift',
    topics: ['ios', 'networking'],
    stars: 8600,
    description: 'Networking for iOS apps'
  },
  {
    owner: 'kotlinx-tools',
    name: 'flowstate',
    language: 'Kotlin',
    topics: ['android', 'state-management'],
    stars: 4300,
    description: 'State containers for Android'
  },
  {
    owner: 'railyard',
    name: 'railyard',
    language: 'Ruby',
    topics: ['rails', 'background-jobs'],
    stars: 6900,
    description: 'Background jobs for Rails'
  },
  {
    owner: 'dotnet-community',
    name: 'meshbus',
    language: 'C#',
    topics: ['messaging', 'dotnet'],
    stars: 3800,
    description: 'Message bus for .NET'
  },
  {
    owner: 'sciplot',
    name: 'sciplot',
    language: 'Python',
    topics: ['visualization', 'science'],
    stars: 11200,
    description: 'Scientific plotting'
  },
  {
    owner: 'vaultwarden-labs',
    name: 'keyring',
    language: 'Go',
    topics: ['security', 'secrets'],
    stars: 5600,
    description: 'Secret storage service'
  }
]

export const repoWords: readonly string[] = [
  'atlas',
  'beacon',
  'cinder',
  'delta',
  'ember',
  'flux',
  'glide',
  'harbor',
  'iris',
  'jetty',
  'kite',
  'lattice',
  'mosaic',
  'nova',
  'onyx',
  'prism',
  'quartz',
  'relay',
  'sprout',
  'tally',
  'umbra',
  'vortex',
  'willow',
  'zenith'
]

export const repoSuffixes: readonly string[] = [
  'cli',
  'api',
  'toolkit',
  'lab',
  'service',
  'dashboard',
  'sdk',
  'notes',
  'experiments',
  'bot'
]

export const licenses: readonly string[] = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'GPL-3.0', 'MPL-2.0']

export const codehostOrgs: readonly string[] = [
  'open-tooling',
  'devs-united',
  'civic-code',
  'ml-commons',
  'infra-guild',
  'web-platform-fans',
  'rustaceans-local'
]
