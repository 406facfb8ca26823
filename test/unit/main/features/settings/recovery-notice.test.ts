import { describe, expect, it } from 'vitest'
import { recoveryNotice } from '../../../../../src-main/features/settings/recovery-notice'

const at = '2025-01-02T03:04:05.000Z'

describe('the start-up recovery notice', () => {
  it('names the copy kept of the settings or accounts file', () => {
    const movedTo = 'settings.json.unreadable-2025-01-02T03-04-05-000Z'
    expect(recoveryNotice({ file: 'settings', movedTo, at, reason: { key: 'apiErrors.store.notJson' } })).toEqual({
      key: 'notices.recovery.settingsCopied',
      params: { file: movedTo },
    })
    expect(
      recoveryNotice({ file: 'accounts', movedTo: 'accounts.json.newer-x', at, reason: { key: 'notices.recoveryReasons.accountsNewer' } }),
    ).toEqual({
      key: 'notices.recovery.accountsCopied',
      params: { file: 'accounts.json.newer-x' },
    })
  })

  it('says changes are not kept when the store lives in memory, and never carries the reason', () => {
    expect(
      recoveryNotice({ file: 'settings', movedTo: '', at, reason: { key: 'apiErrors.store.unopenable', params: { code: 'EACCES' } } }),
    ).toEqual({ key: 'notices.recovery.settingsInMemory' })
    expect(
      recoveryNotice({ file: 'accounts', movedTo: '', at, reason: { key: 'apiErrors.store.unopenable', params: { code: 'EACCES' } } }),
    ).toEqual({ key: 'notices.recovery.accountsInMemory' })
  })
})
