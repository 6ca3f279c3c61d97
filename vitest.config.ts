import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'

// Three projects: main-process, shared and sandbox code in plain Node; the slowest of those
// (`slow`: a real LibreOffice, the fault soak, the large restores, the security scan) apart, so
// `npm test` shows their time as a step of its own; renderer stores (`*.svelte.test.ts`) through
// the Svelte compiler with browser exports so runes work. End-to-end tests have their own config
// (vitest.e2e.config.ts).
const slow = [
  'test/unit/export/libreoffice.test.ts',
  'test/integration/hardening/fault-soak.test.ts',
  'test/integration/services/backup-upload.test.ts',
  'test/integration/security/security-scan.test.ts'
]

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        // inherit the root's time limits (a project does not by default: 5 s per test)
        extends: true,
        test: {
          name: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/team-server/**/*.test.ts'],
          exclude: slow,
          environment: 'node',
          pool: 'forks'
        }
      },
      {
        extends: true,
        test: { name: 'slow', include: slow, environment: 'node', pool: 'forks' }
      },
      {
        extends: true,
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['renderer/**/*.svelte.test.ts'],
          environment: 'node'
        }
      }
    ]
  }
})
