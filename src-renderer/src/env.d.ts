/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** The search debounce in ms, inlined by the build (electron.vite.config.ts): 80, or 0 in the groups-ui benchmark's renderer. */
declare const __SEARCH_DEBOUNCE_MS__: number
