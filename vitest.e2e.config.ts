import { defineConfig } from 'vitest/config'

// End-to-end: the built renderer in real Chromium (Debian's), driven by playwright-core,
// against the browser host running the real main-process services. Run after `electron-vite build`.
// Two files at a time: each test starts its own host, data folder and Chromium, so they share
// nothing but the build. The one test that builds (npm start) runs after them, alone: its build
// replaces out/ under any test that is loading it.
const shared = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // a loaded CI machine: a poll waits up to 15 s (a passing one returns at once)
  expect: { poll: { timeout: 15_000 } }
} as const
const buildsTheApp = ['test/e2e/start-script.e2e.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          exclude: buildsTheApp,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 }
        }
      },
      {
        test: {
          ...shared,
          name: 'e2e-build',
          include: buildsTheApp,
          fileParallelism: false,
          sequence: { groupOrder: 1 }
        }
      }
    ]
  }
})
