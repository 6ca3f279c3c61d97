import { defineConfig } from 'vitest/config'

// End-to-end: the built renderer in real Chromium (Debian's), driven by playwright-core,
// against the browser host running the real main-process services. Run after `electron-vite build`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false
  }
})
