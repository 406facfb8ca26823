import { vi } from 'vitest'
import { type Emulator, type EmulatorOptions, type RequestRecord, startEmulator } from '../../../../src-main/emulator/index'

export interface Reply {
  status: number
  headers: Headers
  body: unknown
}

/** A fixed "as of" time, so two emulators with the same seed serve identical bytes. */
export const EPOCH = 1_750_000_000

export async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ epoch: EPOCH, ...options })
}

export const bearer = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
})

export async function call(url: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: the text is the body.
  }
  return { status: res.status, headers: res.headers, body }
}

export function getGroups(emulator: Emulator, query = '', init: RequestInit = {}): Promise<Reply> {
  return call(`${emulator.baseUrl}/groups${query === '' ? '' : `?${query}`}`, {
    ...init,
    headers: { ...bearer(emulator.token), ...(init.headers as Record<string, string> | undefined) },
  })
}

export function postStory(emulator: Emulator, story: unknown, init: RequestInit = {}): Promise<Reply> {
  return call(`${emulator.baseUrl}/stories`, {
    method: 'POST',
    body: typeof story === 'string' ? story : JSON.stringify(story),
    ...init,
    headers: {
      'content-type': 'application/json',
      ...bearer(emulator.token),
      ...(init.headers as Record<string, string> | undefined),
    },
  })
}

export interface GroupsPage {
  groups: Record<string, unknown>[]
  count: number
  total: number
  offset: number
}

export async function page(emulator: Emulator, offset: number, count: number): Promise<GroupsPage> {
  const reply = await getGroups(emulator, `count=${count}&offset=${offset}`)
  if (reply.status !== 200) throw new Error(`GET /groups answered ${reply.status}: ${JSON.stringify(reply.body)}`)
  return reply.body as GroupsPage
}

/** Pages like the app should: until a short page, never trusting `total` alone. */
export async function walk(emulator: Emulator, count: number): Promise<{ ids: string[]; totals: number[]; requests: number }> {
  const ids: string[] = []
  const totals: number[] = []
  let offset = 0
  let requests = 0
  for (;;) {
    const body = await page(emulator, offset, count)
    requests++
    totals.push(body.total)
    ids.push(...body.groups.map((g) => g.id as string))
    if (body.count < count) return { ids, totals, requests }
    offset += body.count
  }
}

/**
 * The logged requests (those matching `match`, if given) once there are `n` of them:
 * a request is logged when its side of the socket closes, a moment after the client
 * has read the answer.
 */
export async function logged(
  emulator: Emulator,
  n: number,
  match: (record: RequestRecord) => boolean = () => true,
): Promise<RequestRecord[]> {
  const list = (): RequestRecord[] => emulator.control.requests.list().filter(match)
  await vi.waitFor(() => {
    if (list().length < n) throw new Error(`fewer than ${n} requests logged`)
  })
  return list()
}

/** A call to the /__emulator routes, which take the API's token. */
export function controlCall(emulator: Emulator, path: string, init: RequestInit = {}): Promise<Reply> {
  return call(`${emulator.baseUrl}/__emulator${path}`, {
    ...init,
    headers: { ...bearer(emulator.token), ...(init.headers as Record<string, string> | undefined) },
  })
}
