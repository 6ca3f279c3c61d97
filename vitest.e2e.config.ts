import { defineConfig } from 'vitest/config'

// End-to-end: the built renderer in real Chromium (Debian's), driven by playwright-core,
// against the browser host running the real main-process services. Run after `electron-vite build`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // a loaded CI machine: a poll waits up to 15 s (a passing one returns at once)
    expect: { poll: { timeout: 15_000 } }
  }
})
