import { CLIENT_ID_PATTERN } from '@shared/web-transport'
import { beforeEach, describe, expect, it } from 'vitest'
import { newClientId, takeClientId } from '../../../../src-renderer/src/bridge/client-id'

/** A tab's session storage: each tab has its own, and a reload keeps it. */
function tabStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}

beforeEach(() => sessionStorage.clear())

describe('the client id of a web mode tab', () => {
  it('is random base64url of at least 16 characters, a valid client name for main', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId()))
    expect(ids.size).toBe(200)
    for (const id of ids) {
      expect(id).toMatch(CLIENT_ID_PATTERN)
      expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    }
  })

  it('uses every byte it is given: 0xff bytes come out as base64url, not + or /', () => {
    expect(newClientId((bytes) => bytes.fill(0xff))).toBe('_'.repeat(24))
    expect(newClientId((bytes) => bytes.fill(0xfb))).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })

  it('stays the same through a reload of the tab and differs in another tab', () => {
    const tabA = tabStorage()
    const tabB = tabStorage()
    const first = takeClientId(tabA)
    expect(takeClientId(tabA)).toBe(first)
    const other = takeClientId(tabB)
    expect(other).not.toBe(first)
    expect(takeClientId(tabB)).toBe(other)
  })

  it('keeps its id in the page’s own session storage by default', () => {
    const id = takeClientId()
    expect(takeClientId()).toBe(id)
    sessionStorage.clear()
    expect(takeClientId()).not.toBe(id)
  })

  it('replaces a kept value that is not a valid client name', () => {
    for (const bad of ['', 'short', 'has space in it!', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const storage = tabStorage()
      storage.setItem('statusdesk.web-client', bad)
      const id = takeClientId(storage)
      expect(id).not.toBe(bad)
      expect(id).toMatch(CLIENT_ID_PATTERN)
      expect(storage.getItem('statusdesk.web-client')).toBe(id)
    }
  })

  it('still names the tab when storage is blocked or refuses to write', () => {
    const refusing = {
      ...tabStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    } as Storage
    expect(takeClientId(refusing)).toMatch(CLIENT_ID_PATTERN)
    const blocked = {
      ...tabStorage(),
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    } as Storage
    expect(takeClientId(blocked)).toMatch(CLIENT_ID_PATTERN)
    expect(takeClientId(null)).toMatch(CLIENT_ID_PATTERN)
  })
})
