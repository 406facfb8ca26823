import type { AgentStatus } from '@shared/channels/agent'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ar from '@shared/i18n/ar/index'
import AgentPlace from '../../../../../src-renderer/src/components/agent/AgentPlace.vue'
import AgentSettings from '../../../../../src-renderer/src/components/settings/AgentSettings.vue'
import { fullDateTime } from '../../../../../src-renderer/src/format/time'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { fakeBridge } from '../../support/fake-bridge'

afterEach(() => {
  document.body.innerHTML = ''
})

/** A teammate's device named in Arabic, ending in digits: unisolated, it would take the words after it along. */
const ARABIC = 'مكتب الاستقبال 2'
const LATIN = 'Front desk (3)'
/** People's names given at pairing, in either script. */
const ANA = 'Ana (Lisboa)'
const HEBA = 'هبة 7'
const CHANGED = '2026-11-28T10:42:00.000Z'

function i18nIn(locale: string) {
  const i18n = createAppI18n(locale)
  i18n.global.setLocaleMessage('ar', ar)
  return i18n
}

/** The names set apart in an element: each `bdi`'s own text. */
const isolated = (wrapper: { findAll(selector: string): Array<{ text(): string }> }) => wrapper.findAll('bdi').map((bdi) => bdi.text())

describe('names of devices, in any script, set apart from the sentence around them', () => {
  for (const [locale, planned, changed] of [
    ['en', ARABIC, LATIN],
    ['ar', LATIN, ARABIC],
  ] as const) {
    it(`in ${locale}, "Planned by" and "Changed by" hold each name in its own bdi, the time outside it`, () => {
      const wrapper = mount(AgentPlace, {
        props: {
          where: 'agent',
          by: { planned: { deviceName: planned, at: CHANGED }, changed: { deviceName: changed, at: CHANGED, action: 'edit' } },
        },
        global: { plugins: [i18nIn(locale)] },
      })
      const plannedBy = wrapper.get('[data-testid="agent-planned-by"]')
      const changedBy = wrapper.get('[data-testid="agent-changed-by"]')
      expect(isolated(plannedBy)).toEqual([planned])
      expect(isolated(changedBy)).toEqual([changed])
      const time = fullDateTime(Date.parse(CHANGED) / 1000, locale)
      expect(changedBy.text()).toContain(time)
      expect(changedBy.get('bdi').text()).not.toContain(time)
      // The sentence itself is the catalog's, the name in its place.
      const messages = locale === 'ar' ? ar : null
      if (messages) expect(plannedBy.text()).toBe(messages.agentHosted.plannedBy.replace('{device}', planned))
      else expect(plannedBy.text()).toBe(`Planned by ${planned}`)
    })
  }

  for (const [locale, person, device] of [
    ['en', HEBA, LATIN],
    ['ar', ANA, ARABIC],
  ] as const) {
    it(`in ${locale}, with the person's name given at pairing, "Planned by" and "Changed by" name the person and the device, each apart`, () => {
      const wrapper = mount(AgentPlace, {
        props: {
          where: 'agent',
          by: {
            planned: { deviceName: device, personName: person, at: CHANGED },
            changed: { deviceName: device, personName: person, at: CHANGED, action: 'edit' },
          },
        },
        global: { plugins: [i18nIn(locale)] },
      })
      const plannedBy = wrapper.get('[data-testid="agent-planned-by"]')
      const changedBy = wrapper.get('[data-testid="agent-changed-by"]')
      expect(isolated(plannedBy)).toEqual([person, device])
      expect(isolated(changedBy)).toEqual([person, device])
      const time = fullDateTime(Date.parse(CHANGED) / 1000, locale)
      const messages =
        locale === 'ar'
          ? ar.agentHosted
          : { plannedByPerson: 'Planned by {person} ({device})', changedByPerson: 'Changed by {person} ({device}), {time}' }
      const said = (text: string) => text.replace('{person}', person).replace('{device}', device).replace('{time}', time)
      expect(plannedBy.text()).toBe(said(messages.plannedByPerson))
      expect(changedBy.text()).toBe(said(messages.changedByPerson))
    })
  }

  it('a person’s name absent (or null, as an older agent answers) leaves the device’s name alone', () => {
    const wrapper = mount(AgentPlace, {
      props: {
        where: 'agent',
        by: {
          planned: { deviceName: LATIN, personName: null, at: CHANGED },
          changed: { deviceName: LATIN, at: CHANGED, action: 'cancel' },
        },
      },
      global: { plugins: [i18nIn('en')] },
    })
    expect(wrapper.get('[data-testid="agent-planned-by"]').text()).toBe(`Planned by ${LATIN}`)
    expect(isolated(wrapper.get('[data-testid="agent-changed-by"]'))).toEqual([LATIN])
  })

  it('in Settings → Agent, this device, the paired devices and the activity log each show a name set apart', async () => {
    const status: AgentStatus = {
      paired: true,
      url: 'http://127.0.0.1:8731',
      deviceName: ARABIC,
      personName: ANA,
      pairedAt: '2026-03-01T10:00:00.000Z',
      storage: 'keyring',
      hasToken: true,
      reachable: true,
      lastSeenAt: '2026-03-01T10:00:00.000Z',
      lastError: null,
      refusedAt: null,
      fingerprint: null,
      keyring: { available: true, backend: 'gnome_libsecret' },
    }
    const me = {
      id: 'd-1',
      name: ARABIC,
      personName: ANA,
      pairedAt: status.pairedAt!,
      lastSeenAt: status.lastSeenAt,
      self: true,
      lastAction: null,
    }
    const other = { ...me, id: 'd-2', name: LATIN, personName: HEBA, self: false }
    const entry = {
      id: '7',
      at: CHANGED,
      deviceId: 'd-2',
      deviceName: LATIN,
      personName: HEBA,
      action: 'plan',
      accountId: 'acc-1',
      subject: 'item-1',
    }
    fakeBridge({
      'agent:status': () => status,
      'agent:devices': () => [me, other],
      'agent:activity': () => ({ entries: [entry], more: false }),
    })
    const wrapper = mount(AgentSettings, {
      attachTo: document.body,
      global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), i18nIn('ar')] },
    })
    await flushPromises()
    const paired = wrapper.get('[data-testid="agent-paired"]')
    expect(isolated(paired)).toEqual([ANA, status.url, ARABIC])
    expect(paired.text()).toBe(
      ar.agentSettings.pairedPerson
        .replace('{person}', ANA)
        .replace('{url}', status.url!)
        .replace('{name}', ARABIC)
        .replace('{at}', fullDateTime(Date.parse(status.pairedAt!) / 1000, 'ar')),
    )
    expect(isolated(wrapper.get('[data-testid="agent-devices"]'))).toEqual([ARABIC, ANA, LATIN, HEBA])
    expect(isolated(wrapper.get('[data-testid="agent-activity"] tbody'))).toEqual([HEBA, LATIN])
    wrapper.unmount()
  })
})
