import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import AboutDialog from '../../../../src-renderer/src/components/AboutDialog.vue'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { fakeBridge } from '../support/fake-bridge'

beforeAll(() => {
  // happy-dom's <dialog> has no showModal; the component only needs it to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('AboutDialog', () => {
  it('shows the product name once, as its title, then the facts of this copy', async () => {
    fakeBridge({
      'app:info': () => ({
        name: 'Statusdesk',
        version: '0.1.0',
        platform: 'linux',
        arch: 'x64',
        transport: 'web',
        versions: { node: '20.20.0' },
      }),
    })
    const wrapper = mount(AboutDialog, {
      attachTo: document.body,
      global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
    })
    await flushPromises()
    expect(wrapper.get('[data-testid="about-name"]').text()).toBe('Statusdesk')
    expect(wrapper.text().match(/Statusdesk/g)).toHaveLength(1)
    expect(wrapper.get('[data-testid="about-version"]').text()).toBe('0.1.0')
  })
})
