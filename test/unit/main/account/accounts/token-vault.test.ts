import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { chooseStorage, notFound } from '../../../../../src-main/account/accounts/connect-rules'
import { noKeyring } from '../../../../../src-main/account/accounts/secret-box'
import { TokenVault } from '../../../../../src-main/account/accounts/token-vault'
import { fakeKeyring } from './fakes'

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const outcome = await work.then(
    () => null,
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(AppError)
  return outcome as AppError
}

function thrown(work: () => unknown): AppError {
  try {
    work()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('expected a refusal')
}

describe('the token vault', () => {
  it('seals with the keyring and opens again, and says so as a key when the keyring cannot encrypt', async () => {
    const { box } = fakeKeyring()
    const vault = new TokenVault(box)
    const sealed = await vault.seal('Qa7Wz3Ke9Lm2Np5Rt8Vx1Yb4', 'keyring')
    expect(sealed).toMatch(/^v1:keyring:/)
    expect(await vault.open(sealed!)).toEqual({ token: 'Qa7Wz3Ke9Lm2Np5Rt8Vx1Yb4', stale: false })

    const error = await refusal(new TokenVault(noKeyring()).seal('Qa7Wz3Ke9Lm2Np5Rt8Vx1Yb4', 'keyring'))
    expect(error).toMatchObject({
      code: 'storage',
      text: { key: 'accountErrors.storage.encryptFailed' },
      details: { reason: 'keyring-failed' },
    })
  })

  it('tells a keyring that cannot decrypt from a form it does not know, quoting neither', async () => {
    const { box, state } = fakeKeyring()
    const vault = new TokenVault(box)
    const sealed = (await vault.seal('Qa7Wz3Ke9Lm2Np5Rt8Vx1Yb4', 'keyring'))!
    state.locked = true
    const locked = await refusal(vault.open(sealed))
    expect(locked).toMatchObject({
      code: 'storage',
      text: { key: 'accountErrors.storage.decryptFailed' },
      details: { reason: 'keyring-failed' },
    })
    const unknown = await refusal(vault.open('v9:quantum:abcd'))
    expect(unknown).toMatchObject({
      code: 'storage',
      text: { key: 'accountErrors.storage.unknownFormat' },
      details: { reason: 'unknown-format' },
    })
    for (const error of [locked, unknown]) expect(JSON.stringify(error.toData())).not.toContain('abcd')
  })
})

describe('the choice of where a token is kept', () => {
  it('refuses weak storage beside a keyring, and asks for a choice without one', () => {
    expect(thrown(() => chooseStorage('weak', true))).toMatchObject({
      code: 'invalid-argument',
      text: { key: 'accountErrors.storage.keyringAvailable' },
    })
    expect(thrown(() => chooseStorage(undefined, false))).toMatchObject({
      code: 'invalid-argument',
      text: { key: 'accountErrors.storage.choiceNeeded' },
      details: { reason: 'storage-choice-needed' },
    })
    expect(chooseStorage(undefined, true)).toBe('keyring')
    expect(chooseStorage('session', false)).toBe('session')
  })

  it('says an account that left the list is not found', () => {
    expect(notFound()).toMatchObject({ code: 'not-found', text: { key: 'accountErrors.list.notFound' } })
  })
})
