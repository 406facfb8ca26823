import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { createAppI18n } from './i18n'
import { installErrorLogging } from './log'
import './styles/base.css'

const app = createApp(App).use(createPinia()).use(createAppI18n())
installErrorLogging(app)
app.mount('#app')
