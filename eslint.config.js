import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const ipcRule = (allowMain, allowRenderer) => ({
  name: 'electron',
  importNames: [...(allowMain ? [] : ['ipcMain']), ...(allowRenderer ? [] : ['ipcRenderer'])],
  message: 'ipcMain lives in src-main/app/ipc.ts and ipcRenderer in src-preload/index.ts only.',
})

/**
 * Libraries main uses now and then (media readers, certificate making) are loaded with import()
 * when first needed: a static import keeps them in every process for its life, the agent at rest
 * included (selfsigned alone holds 3.5 MB of heap). See docs/PERFORMANCE.md, "The agent at rest".
 */
const onDemand = {
  group: ['selfsigned', 'file-type', 'image-size', 'image-size/*', 'mp4box', 'music-metadata'],
  message: 'Load it with import() where it is used: main keeps what it imports statically for its life.',
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [ipcRule(false, false)], patterns: [onDemand] }],
    },
  },
  {
    files: ['src-main/app/ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ipcRule(true, false)], patterns: [onDemand] }] },
  },
  {
    files: ['src-preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ipcRule(false, true)] }] },
  },
  {
    // The shared contract runs in every process: no Electron, no Node built-ins.
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src-shared must not import electron.' }],
          patterns: [{ group: ['node:*'], message: 'src-shared must not import Node built-ins.' }],
        },
      ],
    },
  },
  {
    // The floors, the handlers, the web transport and the emulator are plain Node: Electron stays in adapters/.
    files: [
      'src-main/platform/**/*.ts',
      'src-main/account/**/*.ts',
      'src-main/features/**/*.ts',
      'src-main/handlers/**/*.ts',
      'src-main/web/**/*.ts',
      'src-main/emulator/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src-main/adapters, app/ipc.ts, app/window.ts and index.ts touch Electron.' }],
          patterns: [onDemand],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}', 'test/unit/renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main only through src/bridge.ts.' }],
          patterns: [{ group: ['node:*'], message: 'The renderer has no Node.' }],
        },
      ],
      'vue/no-v-html': 'error',
    },
  },
  {
    // Functions stay short and named for what they do; a longer one is split at its steps.
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,vue}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Exception: a Pinia setup store is the store's module written as one function (its state,
    // getters and actions side by side, returned together); the 400-line cap on the file bounds it.
    files: ['src-renderer/src/stores/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 240, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Exception: the page scanner walks a groups page's bytes in one loop, a state machine over
    // the characters; a call per token costs what the first-sync benchmarks measure (docs/PERFORMANCE.md).
    files: ['src-main/platform/files/page-bytes.ts', 'src-main/platform/files/participants-bytes.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 130, skipBlankLines: true, skipComments: true }] },
  },
  prettier,
)
