import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import DiagnosticsSettings from '../../../../../src-renderer/src/components/settings/DiagnosticsSettings.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useToastsStore } from '../../../../../src-renderer/src/stores/toasts'
import { failure, fakeBridge } from '../../support/fake-bridge'
import { inEnglish } from '../../support/texts'

const REPORT = { logFolder: '/home/me/.config/Statusdesk/logs', text: 'Statusdesk diagnostics\nVersion: 1.2.3\n' }

function view() {
  return mount(DiagnosticsSettings, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('DiagnosticsSettings', () => {
  it('shows the log folder and copies a fresh report to the clipboard', async () => {
    const bridge = fakeBridge({ 'app:diagnostics': () => REPORT })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="diagnostics-log-folder"]').text()).toBe(REPORT.logFolder)

    await wrapper.get('[data-testid="diagnostics-copy"]').trigger('click')
    await flushPromises()
    expect(await navigator.clipboard.readText()).toBe(REPORT.text)
    expect(bridge.callsTo('app:diagnostics')).toHaveLength(2)
    expect(useToastsStore().toasts.map((t) => t.message)).toContain('Diagnostics copied to the clipboard.')
    wrapper.unmount()
  })

  it('shows what is copied when the preview is opened', async () => {
    fakeBridge({ 'app:diagnostics': () => REPORT })
    const wrapper = view()
    await flushPromises()
    const details = wrapper.get('[data-testid="diagnostics-preview"]').element as HTMLDetailsElement
    details.open = true
    await wrapper.get('[data-testid="diagnostics-preview"]').trigger('toggle')
    await flushPromises()
    expect(wrapper.get('[data-testid="diagnostics-text"]').text()).toBe(REPORT.text.trim())
    wrapper.unmount()
  })

  it('says so when the report cannot be made, and copying reports the failure', async () => {
    const unreadable = failure('storage')
    fakeBridge({ 'app:diagnostics': () => Promise.reject(unreadable) })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="diagnostics-error"]').text()).toContain(inEnglish(unreadable))
    await wrapper.get('[data-testid="diagnostics-copy"]').trigger('click')
    await flushPromises()
    expect(useToastsStore().toasts.map((t) => t.message)).toContain(`The diagnostics could not be copied: ${inEnglish(unreadable)}`)
    wrapper.unmount()
  })
})
