import { describe, expect, it } from 'vitest'
import SyncSettings from '../../../../../src-renderer/src/components/settings/SyncSettings.vue'
import { fakeSettingsMain, mountSettingsSection } from '../../support/settings-harness'

describe('SyncSettings', () => {
  it('names every interval with the right plural: “Every hour”, never “Every 1 hours”', async () => {
    fakeSettingsMain()
    const wrapper = await mountSettingsSection(SyncSettings)
    const options = wrapper
      .get('[data-testid="settings-sync-interval"]')
      .findAll('option')
      .map((o) => o.text())
    expect(options).toEqual([
      'Never (only when I ask)',
      'Every 5 minutes',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every hour',
      'Every 3 hours',
      'Every 12 hours',
      'Every 24 hours',
    ])
    wrapper.unmount()
  })
})
