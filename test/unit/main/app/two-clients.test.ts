import type { AccountsState } from '@shared/channels/accounts'
import type { ContactsPage } from '@shared/channels/stories'
import type { AppNotice } from '@shared/channels/app'
import type { GroupsWindow, SyncProgress, SyncState } from '@shared/channels/groups'
import type { PublishResult } from '@shared/channels/outbox'
import type { FeedState } from '@shared/story/feed'
import type { SavedDraft } from '@shared/story/library'
import type { StoryDraft } from '@shared/story/draft'
import { userText } from '@shared/i18n/user-text'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppCore } from '../../../../src-main/app/app-core'
import type { Group } from '@shared/domain'
import { type Emulator, startEmulator } from '../../../../src-main/emulator'
import { fetchAllGroups } from '../../../../src-main/features/groups/sync'
import { ApiClient } from '../../../../src-main/platform/api'
import { callCore, testCores } from '../../../support/app-core'

/** Two clients of one engine: the desktop's window and a page in a browser tab. */
const WINDOW = 'window:1'
const TAB = 'web:second-tab-0001'

let shop: Emulator
let club: Emulator
let extra: Emulator

beforeEach(async () => {
  // Two accounts on two servers, with groups of their own.
  shop = await startEmulator({ groups: 30, seed: 1, token: 'token-shop-0123456789' })
  club = await startEmulator({ groups: 12, seed: 2, token: 'token-club-0123456789' })
  extra = await startEmulator({ groups: 3, seed: 3, token: 'token-extra-0123456789' })
})
afterEach(async () => {
  await Promise.all([shop, club, extra].map((server) => server.stop()))
})
// After the servers' hooks, so the cores are disposed before the servers stop.
const cores = testCores('statusdesk-two-clients-')

const call = <T>(core: AppCore, client: string, channel: string, arg?: unknown) => callCore<T>(core, channel, arg, client)
const shown = async (core: AppCore, client: string) => (await call<AccountsState>(core, client, 'accounts:list')).activeId

async function connect(core: AppCore, client: string, server: Emulator): Promise<string> {
  const account = await call<{ id: string }>(core, client, 'accounts:connect', {
    baseUrl: server.baseUrl,
    token: server.token,
    storage: 'weak',
  })
  return account.id
}

/** A core with the shop on the window's screen and the club on the tab's, both synced. */
async function twoScreens(): Promise<{ core: AppCore; shopId: string; clubId: string; events: { name: string; payload: unknown }[] }> {
  const core = await cores.start()
  const events: { name: string; payload: unknown }[] = []
  core.events.subscribe((name, payload) => events.push({ name, payload }))
  const shopId = await connect(core, WINDOW, shop)
  const clubId = await connect(core, TAB, club)
  await call(core, WINDOW, 'groups:sync', { accountId: shopId })
  await call(core, TAB, 'groups:sync', { accountId: clubId })
  return { core, shopId, clubId, events }
}

const ids = (window: GroupsWindow) => window.rows.map((row) => row.id)

/** The groups a server lists, read straight from it. */
async function groupsOf(server: Emulator): Promise<Group[]> {
  return (await fetchAllGroups(new ApiClient({ baseUrl: server.baseUrl, token: server.token, fetch: globalThis.fetch }))).groups
}
const draft = (body: string): StoryDraft => ({ text: { body } }) as StoryDraft
const notOnScreen = { code: 'invalid-request', key: 'groupErrors.notOnScreen' }

async function refusal(promise: Promise<unknown>): Promise<{ code: string; key: string }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(Error)
  // callCore says a refusal as "<channel>: <code> <key> <params>".
  const [, code, key] = /^\S+: (\S+) (\S+)/.exec((error as Error).message)!
  return { code: code!, key: key! }
}

describe('two clients of one engine', () => {
  it('each shows its own account: connecting on one screen leaves the other, and a new client starts on the account chosen last', async () => {
    const { core, shopId, clubId } = await twoScreens()
    expect(await shown(core, WINDOW)).toBe(shopId)
    expect(await shown(core, TAB)).toBe(clubId)
    expect(await shown(core, 'web:a-new-tab-000001')).toBe(clubId)
    expect(core.accounts.workspaces.get(clubId)!.mode).toBe('active')
    expect(core.accounts.workspaces.get(shopId)!.mode).toBe('active')
  })

  it('keeps groups, searches, sync states and progress apart', async () => {
    const { core, shopId, clubId, events } = await twoScreens()
    const shopGroups = await call<GroupsWindow>(core, WINDOW, 'groups:query', { accountId: shopId, limit: 200 })
    const clubGroups = await call<GroupsWindow>(core, TAB, 'groups:query', { accountId: clubId, limit: 200 })
    expect(shopGroups.total).toBe(30)
    expect(clubGroups.total).toBe(12)
    const [onShop, onClub] = await Promise.all([groupsOf(shop), groupsOf(club)])
    const shopIds = new Set(onShop.map((group) => group.id))
    const clubIds = new Set(onClub.map((group) => group.id))
    expect(new Set(ids(shopGroups))).toEqual(shopIds)
    expect(new Set(ids(clubGroups))).toEqual(clubIds)

    // A search is of the account it names: the club's group names find nothing of the club's in the shop.
    for (const row of clubGroups.rows.slice(0, 5)) {
      const found = await call<GroupsWindow>(core, WINDOW, 'groups:query', { accountId: shopId, search: row.name, limit: 200 })
      expect(ids(found).filter((id) => !shopIds.has(id))).toEqual([])
    }
    // A group of one account is not found in the other.
    const clubOnly = ids(clubGroups).find((id) => !shopIds.has(id))!
    await expect(refusal(call(core, WINDOW, 'groups:get', { accountId: shopId, id: clubOnly }))).resolves.toMatchObject({
      code: 'not-found',
    })

    const shopState = await call<SyncState>(core, WINDOW, 'groups:state', { accountId: shopId })
    const clubState = await call<SyncState>(core, TAB, 'groups:state', { accountId: clubId })
    expect(shopState).toMatchObject({ accountId: shopId, count: 30, lastError: null })
    expect(clubState).toMatchObject({ accountId: clubId, count: 12, lastError: null })

    // Each progress and state event names its account, and counts that account's groups only.
    const progress = events
      .filter((event) => event.name === 'sync:progress')
      .map((event) => event.payload as SyncProgress & { accountId: string })
    expect(progress.filter((p) => p.accountId === shopId).at(-1)).toMatchObject({ fetched: 30, total: 30 })
    expect(progress.filter((p) => p.accountId === clubId).at(-1)).toMatchObject({ fetched: 12, total: 12 })
    expect(progress.every((p) => p.accountId === shopId || p.accountId === clubId)).toBe(true)
    expect(progress.filter((p) => p.accountId === clubId).every((p) => (p.fetched ?? 0) <= 12)).toBe(true)
    const states = events.filter((event) => event.name === 'sync:state').map((event) => event.payload as SyncState)
    for (const state of states.filter((s) => !s.syncing && s.lastResult)) expect(state.count).toBe(state.accountId === shopId ? 30 : 12)

    // The people of each account's groups are that account's.
    const shopPeople = await call<ContactsPage>(core, WINDOW, 'stories:contacts-search', { accountId: shopId, query: '', limit: 200 })
    const clubPeople = await call<ContactsPage>(core, TAB, 'stories:contacts-search', { accountId: clubId, query: '', limit: 200 })
    const people = (groups: Group[]) => new Set(groups.flatMap((group) => group.participants.map((p) => p.id.replace(/@.*$/, ''))))
    expect(shopPeople.total).toBeGreaterThan(0)
    expect(clubPeople.total).toBeGreaterThan(0)
    expect(shopPeople.contacts.filter((person) => !people(onShop).has(person.id))).toEqual([])
    expect(clubPeople.contacts.filter((person) => !people(onClub).has(person.id))).toEqual([])
  }, 60_000)

  it('keeps the composer drafts and the saved drafts of each account its own', async () => {
    const { core, shopId, clubId } = await twoScreens()
    await call(core, WINDOW, 'stories:draft-save', { accountId: shopId, text: { body: 'Sale this weekend' } })
    await call(core, TAB, 'stories:draft-save', { accountId: clubId, text: { body: 'Training moved to 7' } })
    expect(await call<StoryDraft>(core, WINDOW, 'stories:draft-get', { accountId: shopId })).toMatchObject({
      text: { body: 'Sale this weekend' },
    })
    expect(await call<StoryDraft>(core, TAB, 'stories:draft-get', { accountId: clubId })).toMatchObject({
      text: { body: 'Training moved to 7' },
    })

    await call(core, WINDOW, 'drafts:save', { accountId: shopId, draft: draft('New stock') })
    await call(core, TAB, 'drafts:save', { accountId: clubId, draft: draft('Match report') })
    const bodies = (list: SavedDraft[]) => list.map((saved) => saved.draft.text.body)
    expect(bodies(await call<SavedDraft[]>(core, WINDOW, 'drafts:list', { accountId: shopId }))).toEqual(['New stock'])
    expect(bodies(await call<SavedDraft[]>(core, TAB, 'drafts:list', { accountId: clubId }))).toEqual(['Match report'])

    // Clearing one composer leaves the other.
    await call(core, WINDOW, 'stories:draft-clear', { accountId: shopId })
    expect(await call(core, WINDOW, 'stories:draft-get', { accountId: shopId })).toBeNull()
    expect(await call<StoryDraft>(core, TAB, 'stories:draft-get', { accountId: clubId })).toMatchObject({
      text: { body: 'Training moved to 7' },
    })
  })

  it('two screens on one account each keep their own working copy of the composer; a new one starts from the last written', async () => {
    const { core, shopId } = await twoScreens()
    await call(core, TAB, 'accounts:switch', { id: shopId })
    await call(core, WINDOW, 'stories:draft-save', { accountId: shopId, text: { body: 'Written in the window' } })
    await call(core, TAB, 'stories:draft-save', { accountId: shopId, text: { body: 'Written in the tab' } })
    const body = async (client: string) =>
      (await call<StoryDraft | null>(core, client, 'stories:draft-get', { accountId: shopId }))?.text.body
    expect(await body(WINDOW)).toBe('Written in the window')
    expect(await body(TAB)).toBe('Written in the tab')
    // A window opened now (or after a restart) finds the story written last.
    expect(await body('window:99')).toBe('Written in the tab')
    // The tab clears its composer: the window's story stays.
    await call(core, TAB, 'stories:draft-clear', { accountId: shopId })
    expect(await body(TAB)).toBeUndefined()
    expect(await body(WINDOW)).toBe('Written in the window')
  })

  it('publishes from one screen to its account only, and each feed shows its own account’s stories', async () => {
    const { core, shopId, clubId } = await twoScreens()
    await call(core, WINDOW, 'stories:draft-save', { accountId: shopId, text: { body: 'Only for the shop' } })
    await call(core, TAB, 'stories:draft-save', { accountId: clubId, text: { body: 'Still writing' } })
    const result = await call<PublishResult>(core, WINDOW, 'stories:publish', {
      requestId: 'two-clients-shop-1',
      draft: { text: { body: 'Only for the shop' } },
      accountIds: [shopId],
      draftOf: shopId,
    })
    expect(result.targets.map((target) => target.outcome.state)).toEqual(['sent'])
    expect(shop.control.stories.list().map((story) => story.caption)).toEqual(['Only for the shop'])
    expect(club.control.stories.list()).toEqual([])
    // The composer that published starts afresh; the other screen's is untouched.
    expect(await call(core, WINDOW, 'stories:draft-get', { accountId: shopId })).toBeNull()
    expect(await call<StoryDraft>(core, TAB, 'stories:draft-get', { accountId: clubId })).toMatchObject({ text: { body: 'Still writing' } })

    const shopFeed = await call<FeedState>(core, WINDOW, 'stories:feed-sync', { accountId: shopId })
    const clubFeed = await call<FeedState>(core, TAB, 'stories:feed-sync', { accountId: clubId })
    expect(shopFeed).toMatchObject({ accountId: shopId })
    expect(clubFeed).toMatchObject({ accountId: clubId })
    expect(shopFeed.stories.map((story) => story.text)).toContain('Only for the shop')
    expect(clubFeed.stories.map((story) => story.text)).not.toContain('Only for the shop')
    expect((await call<FeedState>(core, TAB, 'stories:feed', { accountId: clubId })).stories).toEqual(clubFeed.stories)
  })

  it('keeps each client’s notices read for itself', async () => {
    const { core } = await twoScreens()
    core.events.emit('app:notice', { level: 'warning', text: userText('notices.recovery.settingsCopied', { file: 'settings.json.x' }) })
    const windowUnread = await call<Required<AppNotice>[]>(core, WINDOW, 'app:notices')
    const kept = windowUnread.find((notice) => notice.text.key === 'notices.recovery.settingsCopied')!
    expect(kept).toBeDefined()
    await call(core, WINDOW, 'app:notices-read', { ids: [kept.id] })
    expect((await call<Required<AppNotice>[]>(core, WINDOW, 'app:notices')).map((notice) => notice.id)).not.toContain(kept.id)
    expect((await call<Required<AppNotice>[]>(core, TAB, 'app:notices')).map((notice) => notice.id)).toContain(kept.id)
  })

  it('switches one screen and leaves the other; an account no screen shows goes off screen', async () => {
    const { core, shopId, clubId } = await twoScreens()
    const state = await call<AccountsState>(core, WINDOW, 'accounts:switch', { id: clubId })
    expect(state.activeId).toBe(clubId)
    expect(await shown(core, TAB)).toBe(clubId)
    // Nobody shows the shop now: its groups were let go, its outbox goes on.
    expect(core.accounts.workspaces.get(shopId)!.mode).toBe('background')
    await expect(refusal(call(core, WINDOW, 'groups:query', { accountId: shopId }))).resolves.toEqual(notOnScreen)
    await expect(refusal(call(core, WINDOW, 'stories:feed', { accountId: shopId }))).resolves.toEqual(notOnScreen)
    expect(await call(core, WINDOW, 'stories:outbox-list')).toEqual([])
    expect((await call<GroupsWindow>(core, TAB, 'groups:query', { accountId: clubId })).total).toBe(12)

    await call(core, WINDOW, 'accounts:switch', { id: shopId })
    expect(await shown(core, WINDOW)).toBe(shopId)
    expect(await shown(core, TAB)).toBe(clubId)
    // Back on screen from its cache, as it was.
    expect((await call<GroupsWindow>(core, WINDOW, 'groups:query', { accountId: shopId })).total).toBe(30)
  })

  it('signing out the account one client shows moves that client, not the other', async () => {
    const { core, shopId, clubId } = await twoScreens()
    const extraId = await connect(core, WINDOW, extra)
    expect(await shown(core, WINDOW)).toBe(extraId)

    // The tab signs out the account the window shows: the window moves, the tab stays.
    const afterTab = await call<AccountsState>(core, TAB, 'accounts:sign-out', { id: extraId, removeData: false })
    expect(afterTab.activeId).toBe(clubId)
    expect(afterTab.accounts.map((account) => account.id)).toEqual([shopId, clubId])
    expect(await shown(core, WINDOW)).toBe(shopId)
    expect(await shown(core, TAB)).toBe(clubId)

    // The window signs out its own account: it moves, the tab stays.
    const afterWindow = await call<AccountsState>(core, WINDOW, 'accounts:sign-out', { id: shopId, removeData: false })
    expect(afterWindow.activeId).toBe(clubId)
    expect(await shown(core, TAB)).toBe(clubId)
    expect((await call<GroupsWindow>(core, TAB, 'groups:query', { accountId: clubId })).total).toBe(12)
    await expect(refusal(call(core, WINDOW, 'groups:query', { accountId: shopId }))).resolves.toMatchObject({ code: 'not-found' })
  })

  it('lets an account go off screen when its last client is gone, not before', async () => {
    const { core, shopId, clubId } = await twoScreens()
    await call(core, WINDOW, 'accounts:switch', { id: clubId })
    await call(core, WINDOW, 'accounts:switch', { id: shopId })
    await call(core, TAB, 'accounts:switch', { id: shopId })
    expect([await shown(core, WINDOW), await shown(core, TAB)]).toEqual([shopId, shopId])
    expect(core.accounts.workspaces.get(clubId)!.mode).toBe('background')

    await core.clientGone(WINDOW)
    expect(core.accounts.workspaces.get(shopId)!.mode).toBe('active')
    expect((await call<GroupsWindow>(core, TAB, 'groups:query', { accountId: shopId })).total).toBe(30)

    await core.clientGone(TAB)
    expect(core.accounts.workspaces.get(shopId)!.mode).toBe('background')
    await expect(refusal(call(core, 'web:observer-00001', 'groups:query', { accountId: shopId }))).resolves.toEqual(notOnScreen)
    // Gone twice, or a client that never was, changes nothing.
    await core.clientGone(TAB)
    await core.clientGone('web:never-seen-00001')
    expect(core.accounts.workspaces.all().map((workspace) => workspace.mode)).toEqual(['background', 'background'])
    // A window that comes back starts on the account chosen last, which comes on screen again.
    expect(await shown(core, WINDOW)).toBe(shopId)
    expect((await call<GroupsWindow>(core, WINDOW, 'groups:query', { accountId: shopId })).total).toBe(30)
  })
})
