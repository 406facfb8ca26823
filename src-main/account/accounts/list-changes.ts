import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { isDeepStrictEqual } from 'node:util'
import type { Logger } from '../../platform/log/log'
import type { Workspaces } from '../workspace/workspaces'
import type { AccountList } from './account-list'
import type { StoredAccount } from './account-records'
import type { AccountIdentity } from './account-folders'
import { DEMO_FINGERPRINT, DEMO_LABEL, hintOf } from './connect-rules'
import type { DemoServer } from './demo-server'
import type { SessionFactory } from './session-factory'

/** What a change to the list touches: the list, the tokens, the workspaces and the clients' screens. */
export interface ListChangeDeps {
  list: AccountList
  sessions: SessionFactory
  workspaces: Workspaces
  log: Logger
  /** Puts an account on a client's screen (never throws). */
  show: (client: string, id: string) => Promise<void>
  writeIdentity: (account: StoredAccount) => Promise<void>
}

/**
 * Forgets the account and its token, and closes its workspace; with `removeData` its folder goes
 * too. The clients that showed it move to the first account left, or to none. Answers the error
 * to report when the folder could not be removed (the account is forgotten all the same).
 */
export async function removeAccount(deps: ListChangeDeps, account: StoredAccount, removeData: boolean): Promise<AppError | null> {
  const { list, workspaces } = deps
  const id = account.id
  const viewers = workspaces.clientsOf(id)
  list.commit(() => {
    list.accounts = list.accounts.filter((item) => item.id !== id)
    list.retained = list.retained.filter((item) => item.id !== id)
    const fingerprint = account.isDemo ? DEMO_FINGERPRINT : account.fingerprint
    if (!removeData && fingerprint) list.retained.push({ id, fingerprint })
    if (list.activeId === id) list.activeId = list.accounts[0]?.id ?? null
  })
  deps.sessions.forget(id)
  const next = list.activeId
  for (const viewer of viewers) {
    if (next === null) await workspaces.hide(viewer)
    else await deps.show(viewer, next)
  }
  // Its parts are stopped (a send on its way finishes) before anything of the folder goes.
  try {
    await workspaces.close(id, { remove: removeData })
  } catch (error) {
    deps.log.error('account data not removed', { id, error: error instanceof Error ? error.message : String(error) })
    return new AppError('storage', userText('accountErrors.list.dataNotRemoved'))
  }
  return null
}

/**
 * Lists an account another engine added or changed (its entry as that engine keeps it) and opens
 * its workspace, so its outbox runs here too. A new token reaches a session built already. False
 * when the entry is the one listed here.
 */
export async function adoptAccount(deps: ListChangeDeps, account: StoredAccount): Promise<boolean> {
  const { list, workspaces, sessions } = deps
  const current = list.find(account.id)
  // Compared as values: the database gives an entry's keys back in its own order.
  if (current && isDeepStrictEqual(current, account)) return false
  list.commit(() => {
    list.accounts = current ? list.accounts.map((item) => (item.id === account.id ? account : item)) : [...list.accounts, account]
    list.retained = list.retained.filter((item) => item.id !== account.id)
  })
  sessions.forget(account.id)
  await deps.writeIdentity(account)
  const workspace = workspaces.get(account.id)
  const newToken = current !== undefined && (current.sealed !== account.sealed || current.baseUrl !== account.baseUrl)
  if (!workspace) workspaces.open(account.id)
  else if (newToken && workspace.session()) {
    const session = await sessions.build(account.id).catch(() => null)
    if (session) workspace.useSession(session)
  }
  return true
}

/** Lists the demo account: in the folder a demo had before (signed out, or orphaned), or in a new one. */
export async function addDemoAccount(
  deps: ListChangeDeps,
  server: DemoServer,
  orphans: readonly AccountIdentity[],
  createdAt: string,
): Promise<StoredAccount> {
  const { list } = deps
  const id =
    list.retained.find((item) => item.fingerprint === DEMO_FINGERPRINT)?.id ??
    orphans.find((item) => item.isDemo)?.id ??
    list.newId(orphans.map((item) => item.id))
  const created: StoredAccount = {
    id,
    label: DEMO_LABEL,
    baseUrl: server.baseUrl,
    tokenHint: hintOf(server.token),
    encryption: 'session',
    isDemo: true,
    createdAt,
  }
  list.commit(() => {
    list.accounts = [...list.accounts, created]
    list.retained = list.retained.filter((item) => item.id !== id)
  })
  await deps.writeIdentity(created)
  return created
}
