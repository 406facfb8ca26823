import type { Handlers } from './dispatch'
import type { AccountsService } from '../account/accounts/accounts-service'

type AccountsHandlers = Pick<
  Handlers,
  'accounts:list' | 'accounts:connect' | 'accounts:rename' | 'accounts:switch' | 'accounts:sign-out' | 'accounts:demo'
>

export function accountsHandlers(accounts: AccountsService): AccountsHandlers {
  return {
    'accounts:list': () => accounts.list(),
    'accounts:connect': (args) => accounts.connect(args),
    'accounts:rename': ({ id, label }) => accounts.rename(id, label),
    'accounts:switch': ({ id }) => accounts.switchTo(id),
    'accounts:sign-out': ({ id, removeData }) => accounts.signOut(id, removeData),
    'accounts:demo': () => accounts.startDemo(),
  }
}
