import type { AccountSession } from '../../src-main/account/workspace/account-session'
import { AccountWorkspace } from '../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../src-main/account/workspace/workspaces'
import { silentLogger } from '../../src-main/platform/log/log'

/** The client a test's screen is, unless it names another (a second window). */
export const TEST_SCREEN = 'window:test'

/**
 * Open workspaces as the accounts service keeps them, with the account on a client's screen
 * switched by hand: each session's workspace opens in the session's folder and is shown with it.
 */
export function workspacesWith(
  initial: AccountSession<unknown> | null,
  options: { onSetAside?: (path: string) => void } = {},
): Workspaces & { switchTo(next: AccountSession<unknown> | null, client?: string): Promise<unknown> } {
  const dirs = new Map<string, string>()
  const workspaces = new Workspaces(
    (id) =>
      new AccountWorkspace({
        id,
        dir: dirs.get(id)!,
        log: silentLogger,
        label: () => id,
        openSession: async () => null,
        onSetAside: (_workspace, _decl, path) => options.onSetAside?.(path),
      }),
    silentLogger,
  )
  const switchTo = (next: AccountSession<unknown> | null, client = TEST_SCREEN): Promise<unknown> => {
    if (!next) return workspaces.hide(client)
    dirs.set(next.id, next.dir)
    return workspaces.show(client, next.id, next as AccountSession)
  }
  void switchTo(initial)
  return Object.assign(workspaces, { switchTo })
}
