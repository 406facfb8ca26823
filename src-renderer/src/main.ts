import { createPinia } from 'pinia'
import { type Component, createApp } from 'vue'
import App from './App.vue'
import { bridge } from './bridge'
import { createAppI18n } from './i18n'
import { installErrorLogging } from './bridge/log'
import WebSessionView from './views/WebSessionView.vue'
import './styles/base.css'

let mounted: ReturnType<typeof createApp> | null = null

function show(root: Component): void {
  mounted?.unmount()
  mounted = createApp(root).use(createPinia()).use(createAppI18n())
  if (root === App) installErrorLogging(mounted)
  mounted.mount('#app')
}

// Web mode opened without its secret (a bookmark, a tab from an earlier start) gets a plain
// page saying where the right address is, instead of an app whose every call is refused.
bridge.onSessionRejected(() => show(WebSessionView))
void bridge.sessionValid().then((valid) => show(valid ? App : WebSessionView))
