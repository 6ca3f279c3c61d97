import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'

// Unit and integration tests run in plain Node; renderer stores (`*.svelte.test.ts`)
// go through the Svelte compiler so runes work. End-to-end tests have their own config.
export default defineConfig({
  plugins: [svelte()],
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'renderer/**/*.svelte.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks'
  }
})
