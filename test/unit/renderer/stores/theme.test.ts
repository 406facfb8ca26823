import { createTestingPinia } from '@pinia/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useThemeStore } from '../../../../src-renderer/src/stores/theme'

let listeners: Array<(event: { matches: boolean }) => void> = []
let systemDark = false

beforeEach(() => {
  listeners = []
  systemDark = false
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return systemDark
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      (listeners = listeners.filter((l) => l !== listener)),
  }))
  createTestingPinia({ stubActions: false, createSpy: vi.fn })
})
afterEach(() => {
  useThemeStore().stop()
  vi.unstubAllGlobals()
})

describe('theme store', () => {
  it('follows the system by default and applies the theme on <html>', () => {
    systemDark = true
    const store = useThemeStore()
    store.start()
    expect(document.documentElement.dataset['theme']).toBe('dark')
    systemDark = false
    for (const listener of listeners) listener({ matches: false })
    expect(document.documentElement.dataset['theme']).toBe('light')
    expect(store.effective).toBe('light')
  })

  it('lets a chosen theme win over the system, and null go back to it', () => {
    systemDark = true
    const store = useThemeStore()
    store.start()
    store.setPreference('light')
    expect(document.documentElement.dataset['theme']).toBe('light')
    expect(document.documentElement.style.colorScheme).toBe('light')
    store.setPreference('dark')
    expect(document.documentElement.dataset['theme']).toBe('dark')
    store.setPreference(null)
    expect(store.preference).toBe('system')
    expect(document.documentElement.dataset['theme']).toBe('dark')
  })
})
