import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import ts from 'typescript-eslint'
import svelteConfig from './svelte.config.js'

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)]
const electronMessage = 'Only electron/main/index.ts and the preload may import electron.'
const noElectron = { name: 'electron', message: electronMessage }
/** `electron/main`, `electron/renderer`, … are electron too. */
const noElectronSubpaths = { regex: '^electron/', message: electronMessage }
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** The same boundaries for dynamic `import('…')`, which no-restricted-imports does not see. */
const noDynamicImport = (modules, message) => ({
  selector: `ImportExpression[source.value=/^(${modules.map(escape).join('|')})(\\/|$)/]`,
  message
})

/**
 * Main's infrastructure: the layer below the features. Every other folder of electron/main/ is a
 * feature, read from the disk, so a new capability's folder is guarded the day it is made (a new
 * infrastructure folder must be named here, or infrastructure importing it is refused).
 */
export const mainInfrastructure = [
  'store',
  'api',
  'pace',
  'vault',
  'ipc',
  'logging',
  'net',
  'toolserver',
  'native',
  'window',
  'embedded-api',
  'work',
  'personal-data',
  'platform',
  'transfers',
  'sheets'
]
/**
 * Main's own root files (compose.ts, features.ts, the shell's index.ts…), read from the disk: they
 * put the folders together, so no folder imports one of them (that import would run back up).
 */
const mainRootFiles = readdirSync(new URL('./electron/main/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => entry.name.slice(0, -'.ts'.length))
const noMainRootFile = {
  regex: `^\\.\\./(${mainRootFiles.map(escape).join('|')})(\\.ts)?$`,
  message:
    'A folder of electron/main/ does not import the files that put the folders together (compose, features, the shell…): move the piece it needs into a folder below.'
}
const mainFeatures = readdirSync(new URL('./electron/main/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !mainInfrastructure.includes(entry.name))
  .map((entry) => entry.name)
  .sort()

/**
 * The renderer's floors (folders of renderer/src/), lowest first: a floor imports itself and the
 * floors below, never one above ("runs back up"). app/ alone knows the sections (it makes their
 * states and loads their screens); a piece two sections share moves down to components/ or lib/.
 * A folder on disk not named here counts as above every floor, so it is guarded the day it is made.
 */
export const rendererFloors = ['styles', 'lib', 'bridge', 'components', 'sections', 'app']
export const rendererFolders = readdirSync(new URL('./renderer/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
const upwardMessage =
  'The renderer’s floors (rendererFloors in eslint.config.js): a folder imports only itself and the floors below it. Move the shared piece down (components/, lib/); only app/ knows the sections.'

export const rendererSections = readdirSync(new URL('./renderer/src/sections/', import.meta.url), {
  withFileTypes: true
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
const sidewaysMessage =
  'A section imports no other section (renderer/src/sections/): move what two share down to components/ or lib/, or let app/ join them.'

/**
 * The renderer's import rules. `above`: the folders of renderer/src/ this file may not import;
 * `sideways`: for a section, the other sections.
 */
function rendererRules(above = [], sideways = []) {
  const upward = `^(\\.\\./)+(${above.map(escape).join('|')})(/|$)`
  const aside = `^(\\.\\./)+(${sideways.map(escape).join('|')})(/|$)`
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          noElectron,
          ...nodeBuiltins.map((name) => ({
            name,
            message: 'The renderer is a page in Chromium’s renderer sandbox: no Node built-ins.'
          }))
        ],
        patterns: [
          { regex: '(^|/)electron/', message: 'The renderer talks to main only through the bridge.' },
          {
            regex: '(^|/)sandbox(/|$)',
            message:
              'The page never imports the Sandbox (the built-in API service): main starts it and calls it over HTTP.'
          },
          ...(above.length === 0 ? [] : [{ regex: upward, message: upwardMessage }]),
          ...(sideways.length === 0 ? [] : [{ regex: aside, message: sidewaysMessage }])
        ]
      }
    ],
    'no-restricted-syntax': [
      'error',
      noDynamicImport(
        ['electron', ...nodeBuiltins],
        'The renderer is a page in Chromium’s renderer sandbox: no electron, no Node built-ins.'
      ),
      ...(above.length === 0
        ? []
        : [{ selector: `ImportExpression[source.value=/${upward.replaceAll('/', '\\/')}/]`, message: upwardMessage }]),
      ...(sideways.length === 0
        ? []
        : [{ selector: `ImportExpression[source.value=/${aside.replaceAll('/', '\\/')}/]`, message: sidewaysMessage }])
    ]
  }
}

/**
 * The Sandbox's floors: each folder of sandbox/ and the folders below it that it may import. The
 * generated people (data) are the ground; search and faults read them; the HTTP service (server)
 * uses all three; the tool server (mcp) stands on the service's pieces; the files at sandbox/'s
 * root (index.ts, cli.ts, sandbox-server.ts) put them together and are imported by none. A new
 * folder must be placed here (test/unit/lint/sandbox-floors.test.ts fails until it is).
 */
export const sandboxFloors = {
  data: [],
  search: ['data'],
  faults: ['data'],
  server: ['data', 'search', 'faults'],
  mcp: ['data', 'search', 'faults', 'server'],
  ats: ['data', 'server']
}

/**
 * Process boundaries, enforced by folder:
 *   shared/    → zod and itself only (it runs in main, preload and renderer)
 *   renderer/  → never electron, never Node built-ins (a web page in Chromium's renderer sandbox)
 *   elsewhere  → never electron, except the Electron shell and the preload
 */
export default ts.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test/e2e/artifacts/**', '.bench/**'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noElectronSubpaths] }],
      'no-restricted-syntax': ['error', noDynamicImport(['electron'], electronMessage)]
    }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: ts.parser, svelteConfig }
    }
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: rendererRules()
  },
  // The renderer's floors: a folder imports only itself and the floors below it (rendererFloors).
  ...rendererFloors.map((floor, index) => ({
    files: [`renderer/src/${floor}/**`],
    rules: rendererRules([
      ...rendererFloors.slice(index + 1),
      ...rendererFolders.filter((f) => !rendererFloors.includes(f))
    ])
  })),
  // …and a section imports no other section (each folder of renderer/src/sections/, read from the disk).
  ...rendererSections.map((section) => ({
    files: [`renderer/src/sections/${section}/**`],
    rules: rendererRules(
      [
        ...rendererFloors.slice(rendererFloors.indexOf('sections') + 1),
        ...rendererFolders.filter((f) => !rendererFloors.includes(f))
      ],
      rendererSections.filter((other) => other !== section)
    )
  })),
  {
    // One number format and one date format in the page, in the recruiter's locale: renderer/src/lib/format.ts.
    files: ['renderer/**'],
    ignores: ['renderer/src/lib/format.ts', 'renderer/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format numbers and dates with renderer/src/lib/format.ts: one format everywhere.'
        })),
        ...['NumberFormat', 'DateTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Format numbers and dates with renderer/src/lib/format.ts: one format everywhere.'
        }))
      ]
    }
  },
  {
    // Main's layers: the features (a folder per capability, each with its service and handlers) use
    // the infrastructure below them (mainInfrastructure); the infrastructure never reaches up into a feature.
    files: [`electron/main/{${mainInfrastructure.join(',')}}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpaths,
            {
              regex: `^(\\.\\./)+(${mainFeatures.map(escape).join('|')})(/|$)`,
              message: 'Infrastructure does not import a feature: move the shared piece down (store/, api/, …).'
            },
            noMainRootFile
          ]
        }
      ]
    }
  },
  {
    // …but for the migrations' index (written by scripts/migrations-index.ts): a migration that
    // touches one feature's tables alone lives in that feature's migrations/ folder, and the index
    // imports it there; nothing else of a feature (migration-files.test.ts checks those files).
    files: ['electron/main/store/migrations/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpaths,
            {
              regex: `^(\\.\\./)+(${mainFeatures.map(escape).join('|')})(/(?!migrations/\\d+-[a-z0-9-]+$)|$)`,
              message: 'The migrations index imports only a feature’s numbered migrations/ files.'
            },
            noMainRootFile
          ]
        }
      ]
    }
  },
  {
    // Outside its folder a feature is one entry, its index.ts (its contribution, and the types the
    // shell passes it): compose's list (features.ts), the options and the shells import nothing else of it.
    files: ['electron/main/*.ts', 'electron/host/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpaths,
            {
              regex: `^(\\./|\\.\\./main/)(${mainFeatures.map(escape).join('|')})/.`,
              message: 'Outside its folder, a feature is reached through its index only (./<feature>, its index.ts).'
            }
          ]
        }
      ]
    }
  },
  // A feature never imports another feature: what one offers the others is a port (platform/ports.ts),
  // what it tells them an event on the bus (platform/event-bus.ts); a shared piece moves down.
  ...mainFeatures.map((feature) => ({
    files: [`electron/main/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpaths,
            {
              regex: `^(\\.\\./)+(${mainFeatures
                .filter((other) => other !== feature)
                .map(escape)
                .join('|')})(/|$)`,
              message: `A feature (${feature}) does not import another feature: read a port from the context (platform/ports.ts), subscribe to the bus, or move the shared piece down.`
            },
            noMainRootFile
          ]
        }
      ]
    }
  })),
  // The Sandbox: a folder imports only the floors below it (sandboxFloors), never its root files.
  ...Object.entries(sandboxFloors).map(([folder, below]) => ({
    files: [`sandbox/${folder}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpaths,
            {
              regex: `^(\\.\\./)+(${Object.keys(sandboxFloors)
                .filter((other) => other !== folder && !below.includes(other))
                .concat(['index', 'cli', 'sandbox-server'])
                .map(escape)
                .join('|')})(/|$)`,
              message: `sandbox/${folder}/ imports only the floors below it (${below.join(', ') || 'none'}) and shared/: move the shared piece down.`
            }
          ]
        }
      ]
    }
  })),
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // lossless-json: the one JSON codec (shared/json.ts) that keeps int64 values exact.
            { regex: '^(?!zod$|lossless-json$|\\.{1,2}/)', message: 'shared/ imports only zod and itself.' },
            {
              regex: '(^|/)(electron|renderer|sandbox|test|scripts)(/|$)',
              message: 'shared/ imports only zod and itself.'
            }
          ]
        }
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value!=/^(zod$|lossless-json$|\\.{1,2}\\/)/]',
          message: 'shared/ imports only zod and itself.'
        }
      ]
    }
  },
  {
    // The team server runs apart from the app (its own packages, its own process, an agency's
    // machine): it stands on shared/ and its own folder, never on the app's, the Sandbox's or tests.
    files: ['team-server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(electron|renderer|sandbox|test|scripts)(/|$)',
              message: 'team-server/ imports only shared/, its own folder, Node and its own packages.'
            }
          ]
        }
      ]
    }
  },
  {
    // The stand-in Electron: a test fixture that plain Node 22 loads as `electron` (no tsx), so
    // CommonJS by design; page-scripts.cjs also holds code that runs in the page.
    files: ['test/electron-standin/**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  },
  {
    files: ['test/electron-standin/page-scripts.cjs'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    files: ['electron/main/index.ts', 'electron/preload/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' }
  }
)
