import type en from '../en/app'

export default {
  app: {
    name: 'Statusdesk',
    tagline: 'Группы и истории вашего аккаунта в мессенджере',
  },
  about: {
    open: 'О программе Statusdesk',
    version: 'Версия',
    platform: 'Платформа',
    transport: 'Связь со службой приложения',
    transports: { ipc: 'Настольное приложение (IPC)', web: 'Веб-режим (локальный HTTP)', agent: 'Агент (связанное устройство по HTTP)' },
    runtime: 'Среда выполнения',
    close: 'Закрыть',
    loading: 'Загрузка…',
    failed: 'Не удалось получить сведения о приложении: {message}',
    retry: 'Повторить',
  },
} satisfies typeof en
