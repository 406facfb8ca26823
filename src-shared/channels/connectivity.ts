import { channel } from '../define'
import { AccountScopeSchema } from './scope'

export interface ProbeResult {
  /** What the probe learnt: true when the server answered anything at all. */
  online: boolean
  /** False when there is no active account, so there was no server to ask. */
  probed: boolean
}

export const connectivityChannels = {
  /**
   * One cheap request to the active account's server, to tell whether it can be reached
   * now rather than when the next real request fails. The answer also arrives as sync:state.
   */
  'connectivity:probe': channel<ProbeResult>()(AccountScopeSchema),
}
