import { z } from 'zod'

/**
 * The account a call is about. Every channel that concerns one account names it: the engine
 * keeps no "account on screen" of its own, so two clients (two windows, a desktop and an agent's
 * page) each look at their own.
 */
export const AccountIdSchema = z.string().min(1).max(64)

/** `{accountId}`: the argument of a channel about one account and nothing more. */
export const AccountScopeSchema = z.object({ accountId: AccountIdSchema })
