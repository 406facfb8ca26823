import { mount } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import { useI18n } from 'vue-i18n'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'

/** A component that shows the text at `key`. */
const Shows = (key: string) =>
  defineComponent({
    setup() {
      const { t } = useI18n()
      return () => h('p', t(key))
    },
  })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a message key no catalog has', () => {
  it('throws in the tests and in development, so a component that asks for one fails where it is rendered', () => {
    const i18n = createAppI18n('en-GB')
    expect(() => i18n.global.t('publish.targets.legend')).toThrow('Missing message key: publish.targets.legend')
    expect(() => mount(Shows('publish.targets.hint'), { global: { plugins: [i18n] } })).toThrow(/Missing message key/)
  })

  it('is said once on the console in a build, which the end-to-end tests fail on, and the key is shown', () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    const i18n = createAppI18n('es-MX', { strict: false })
    expect(i18n.global.t('publish.targets.legend')).toBe('publish.targets.legend')
    expect(i18n.global.t('publish.targets.legend')).toBe('publish.targets.legend')
    expect(said.mock.calls).toEqual([['Missing message key: publish.targets.legend']])
  })

  it('is not one that only a translation still loading lacks: English answers for it', () => {
    const i18n = createAppI18n('ru')
    expect(i18n.global.t('broadcast.targets.legend')).toBe('Publish to')
  })
})
