import { defineConfig } from 'vitest/config'
import { alias, appPlugins } from './vite.plugins.ts'

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: appPlugins({ router: false }),
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['./tests/setup-dom.ts'],
          // Above the 5 s that findBy*/waitFor may wait (tests/setup-dom.ts).
          testTimeout: 15_000,
          server: { deps: { inline: [/@modular-forms\/react/] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // PGlite and argon2 are CPU-heavy: two workers fit two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
})
