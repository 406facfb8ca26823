import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { TOKEN_NEEDED, tokenNeededClient, tokenNeededError } from '../../../../../src-main/account/accounts/token-needed-client'
import { ApiClient } from '../../../../../src-main/platform/api'

/** Every operation ApiClient offers, read from the class itself rather than from a list kept by hand. */
const OPERATIONS = Object.getOwnPropertyNames(ApiClient.prototype).filter((name) => name !== 'constructor')

describe('the client of an account whose token is missing', () => {
  it('has every operation ApiClient offers, the ones the outbox looks for included', () => {
    expect(OPERATIONS).toEqual(
      expect.arrayContaining([
        'publishStory',
        'uploadMedia',
        'copyStory',
        'listStories',
        'storyStatuses',
        'listContacts',
        'listGroups',
        'listGroupsBody',
        'getStory',
      ]),
    )
    const client = tokenNeededClient('Shop') as unknown as Record<string, unknown>
    expect(Object.keys(client).sort()).toEqual([...OPERATIONS].sort())
    for (const name of OPERATIONS) expect(typeof client[name], name).toBe('function')
  })

  it.each(OPERATIONS)('%s refuses with the token-needed error, as a rejection, naming the account', async (name) => {
    const client = tokenNeededClient('Shop') as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    const call = client[name]!
    let result: Promise<unknown> | undefined
    expect(() => {
      result = call('anything', {})
    }).not.toThrow()
    const error = await result!.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'unauthorized', details: { reason: TOKEN_NEEDED } })
    expect((error as AppError).text).toEqual({ key: 'accountErrors.tokenNeeded.named', params: { label: 'Shop' } })
  })

  it('says it without a name once the account has left the list', () => {
    expect(tokenNeededError('')).toMatchObject({
      code: 'unauthorized',
      text: { key: 'accountErrors.tokenNeeded.unnamed' },
      details: { reason: TOKEN_NEEDED },
    })
  })
})
