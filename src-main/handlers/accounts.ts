import type { Handlers } from './dispatch'
import type { AccountsService } from '../account/accounts/accounts-service'

type AccountsHandlers = Pick<
  Handlers,
  'accounts:list' | 'accounts:connect' | 'accounts:rename' | 'accounts:switch' | 'accounts:sign-out' | 'accounts:demo'
>

export function accountsHandlers(accounts: AccountsService): AccountsHandlers {
  return {
    'accounts:list': (_arg, { client }) => accounts.list(client),
    'accounts:connect': (args, { client }) => accounts.connect(client, args),
    'accounts:rename': ({ id, label }) => accounts.rename(id, label),
    'accounts:switch': ({ id }, { client }) => accounts.switchTo(client, id),
    'accounts:sign-out': ({ id, removeData }, { client }) => accounts.signOut(client, id, removeData),
    'accounts:demo': (_arg, { client }) => accounts.startDemo(client),
  }
}
