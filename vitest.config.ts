import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'

// Two projects: main-process, shared and sandbox code in plain Node; renderer stores
// (`*.svelte.test.ts`) through the Svelte compiler with browser exports so runes work.
// End-to-end tests have their own config (vitest.e2e.config.ts).
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
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          environment: 'node',
          pool: 'forks'
        }
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
