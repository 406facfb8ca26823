/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

interface ImportMetaEnv {
  /** Build-time search debounce in ms (default 80); the groups-ui benchmark builds with 0. */
  readonly VITE_SEARCH_DEBOUNCE_MS?: string
}
