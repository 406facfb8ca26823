import { describe, expect, it } from 'vitest'
import { OwnFiles } from '../../../../src-renderer/src/bridge/own-files'

function harness(options: { maxIdle?: number; maxIdleBytes?: number; fail?: Set<string> } = {}) {
  const loads: string[] = []
  const live = new Set<string>()
  let next = 0
  const files = new OwnFiles({
    async load(path) {
      loads.push(path)
      return options.fail?.has(path) ? null : new Blob([path])
    },
    createUrl: () => {
      const url = `blob:test/${++next}`
      live.add(url)
      return url
    },
    revokeUrl: (url) => live.delete(url),
    ...(options.maxIdle === undefined ? {} : { maxIdle: options.maxIdle }),
    ...(options.maxIdleBytes === undefined ? {} : { maxIdleBytes: options.maxIdleBytes }),
  })
  return { files, loads, live }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('OwnFiles', () => {
  it('loads a file once for every user of it and gives them one blob: URL', async () => {
    const { files, loads, live } = harness()
    const [a, b] = await Promise.all([files.acquire('/pictures/1.jpg'), files.acquire('/pictures/1.jpg')])
    expect(a).toBe(b)
    expect(a).toMatch(/^blob:/)
    expect(loads).toEqual(['/pictures/1.jpg'])
    expect(live.size).toBe(1)
  })

  it('keeps unused files in a bounded idle cache and revokes what falls out of it', async () => {
    const { files, loads, live } = harness({ maxIdle: 2 })
    for (const n of [1, 2, 3, 4]) {
      await files.acquire(`/pictures/${n}.jpg`)
      files.release(`/pictures/${n}.jpg`)
      await settle()
    }
    // Only the two most recently used stay; the rest were revoked.
    expect(live.size).toBe(2)
    expect(files.size).toBe(2)
    await files.acquire('/pictures/4.jpg')
    expect(loads.filter((path) => path === '/pictures/4.jpg')).toHaveLength(1)
    await files.acquire('/pictures/1.jpg')
    expect(loads.filter((path) => path === '/pictures/1.jpg')).toHaveLength(2)
  })

  it('caps the idle cache by bytes too, and never revokes a file in use', async () => {
    const { files, live } = harness({ maxIdleBytes: 0 })
    const used = await files.acquire('/media/abc')
    const other = await files.acquire('/media/def')
    files.release('/media/def')
    await settle()
    expect(live.has(other!)).toBe(false)
    expect(live.has(used!)).toBe(true)
  })

  it('forgets a file that could not be loaded, so the next user tries again', async () => {
    const fail = new Set(['/pictures/gone.jpg'])
    const { files, loads, live } = harness({ fail })
    expect(await files.acquire('/pictures/gone.jpg')).toBeNull()
    files.release('/pictures/gone.jpg')
    await settle()
    fail.clear()
    expect(await files.acquire('/pictures/gone.jpg')).toMatch(/^blob:/)
    expect(loads).toEqual(['/pictures/gone.jpg', '/pictures/gone.jpg'])
    expect(live.size).toBe(1)
  })

  it('treats a loader that throws like a missing file', async () => {
    const files = new OwnFiles({
      load: () => Promise.reject(new Error('network')),
      createUrl: () => 'blob:x',
      revokeUrl: () => undefined,
    })
    expect(await files.acquire('/pictures/1.jpg')).toBeNull()
  })
})
