import { describe, expect, it } from 'vitest'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { AccountConnectivity } from '../../../../../../src-main/features/stories/outbox/account-connectivity'

describe('AccountConnectivity', () => {
  it('an account that is not open keeps its own state: its server down does not make the app offline', () => {
    const app = new Connectivity()
    let active = false
    const account = new AccountConnectivity(app, () => active)
    const heard: boolean[] = []
    account.onChange((online) => heard.push(online))
    account.reportFailure('offline')
    expect(account.online).toBe(false)
    expect(app.online).toBe(true)
    // The app's own changes are not this account's while another is open.
    app.reportFailure('offline')
    account.reportSuccess()
    expect(heard).toEqual([false, true])
    expect(app.online).toBe(false)
    app.reportSuccess()

    // Once open, it speaks for the app and follows it.
    active = true
    account.reportFailure('timeout')
    expect(app.online).toBe(false)
    expect(account.online).toBe(false)
    app.reportSuccess()
    expect(account.online).toBe(true)
    expect(heard).toEqual([false, true, false, true])
  })
})
