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
      'no-restricted-imports': ['error', { paths: [ipcRule(false, false)] }],
    },
  },
  {
    files: ['src-main/app/ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ipcRule(true, false)] }] },
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
        { paths: [{ name: 'electron', message: 'Only src-main/adapters, app/ipc.ts, app/window.ts and index.ts touch Electron.' }] },
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
  prettier,
)
