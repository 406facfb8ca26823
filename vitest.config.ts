import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { rendererDefine } from './electron.vite.config'
import './test/support/node20-polyfills'

export default defineConfig({
  plugins: [vue()],
  resolve: { alias: { '@shared': resolve('src-shared') } },
  // As the shipped renderer: no benchmark setting reaches the tests.
  define: rendererDefine({}),
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Bundled into the test so vi.mock('electron') reaches the electron import inside it.
    server: { deps: { inline: ['electron-store'] } },
    // Renderer tests run in a DOM; everything else is plain Node.
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/unit/{main,shared,preload,support,architecture}/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'renderer', include: ['test/unit/renderer/**/*.test.ts'], environment: 'happy-dom' },
      },
    ],
  },
})
