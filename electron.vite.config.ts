import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

// One alias for the shared contract, used by every build and by vitest.
const alias = { '@shared': resolve('src-shared') }
// STATUSDESK_OUT_DIR lets parallel builds (and their end-to-end runs) keep apart.
const outDir = resolve(process.env['STATUSDESK_OUT_DIR'] ?? 'out')

/** Long enough to skip the keystrokes of a word typed quickly, short enough to feel instant. */
const SEARCH_DEBOUNCE_MS = 80
const MAX_SEARCH_DEBOUNCE_MS = 2_000

/**
 * The search debounce a renderer build inlines. Only the groups-ui benchmark sets
 * STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS, to 0 for a renderer of its own that shows what the
 * debounce costs a keystroke; a value that is not a whole number of milliseconds up to 2,000
 * fails the build rather than ship a broken search.
 */
function searchDebounceMs(env: NodeJS.ProcessEnv): number {
  const raw = env['STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS']
  if (raw === undefined) return SEARCH_DEBOUNCE_MS
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_SEARCH_DEBOUNCE_MS)
    throw new Error(
      `STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS must be a whole number of milliseconds up to ${MAX_SEARCH_DEBOUNCE_MS}, not "${raw}"`,
    )
  return Number(raw)
}

/** The constants the renderer's code is built with; vitest builds the renderer's tests with the same. */
export function rendererDefine(env: NodeJS.ProcessEnv): Record<string, unknown> {
  return {
    // vue-i18n's bundler build reads these flags; the values keep the Composition API only.
    __VUE_I18N_FULL_INSTALL__: true,
    __VUE_I18N_LEGACY_API__: false,
    __INTLIFY_PROD_DEVTOOLS__: false,
    __SEARCH_DEBOUNCE_MS__: searchDebounceMs(env),
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: resolve(outDir, 'main'),
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          // Web mode (`npm run start:web`), run by plain Node from the build: compiling the
          // sources as they load would cost it a loader thread and about 70 MB for as long as it runs.
          web: resolve('src-main/web/cli.ts'),
          // The agent (`npm run agent`, the `statusdesk-agent` command): the engine headless on a server, run by Node likewise.
          agent: resolve('src-main/agent/cli.ts'),
          // Its own file beside index.js: the sync starts it as a worker thread by that name.
          'page-worker': resolve('src-main/features/groups/sync/page-worker.ts'),
          // Likewise for the worker that builds the participants index,
          'participants-worker': resolve('src-main/features/groups/participants/participants-worker.ts'),
          // and the one that downloads and stores group pictures.
          'picture-worker': resolve('src-main/features/groups/pictures/picture-worker.ts'),
        },
        // Code shared by the entries sits beside them, not in a folder below: a worker is
        // started from the file next to the module that starts it (platform/worker/start-worker.ts).
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      // A sandboxed preload can only require('electron'): bundle everything else into
      // one CommonJS file.
      outDir: resolve(outDir, 'preload'),
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    resolve: { alias },
    plugins: [vue()],
    define: rendererDefine(process.env),
    build: {
      outDir: resolve(outDir, 'renderer'),
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
})
