import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // the shipped classifier trained once, before the files run
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // a hook that starts a server waits for it to be ready (test/processes.ts STARTUP_MS)
    hookTimeout: 120_000,
    // Files run in parallel; each makes its own workspaces (and its own SQLite file), so
    // they share nothing but the PostgreSQL database, where every row is workspace-scoped.
  },
});
