import type { AccountSession } from '../../../account/workspace/account-session'
import type { EventHub } from '../../../platform/events'
import type { FilePort } from '../../../platform/files/fs-port'
import type { Logger } from '../../../platform/log/log'
import type { Connectivity } from '../../../platform/net/connectivity'
import type { ParticipantIndexOptions } from '../participants'
import type { PictureNet } from '../pictures'
import type { SyncSource } from './fetch-and-save'

export interface SyncSettings {
  intervalMinutes: number
  concurrency: number
  downloadPictures: boolean
}

export type ParticipantsTimings = Pick<ParticipantIndexOptions, 'idleMs' | 'buildWaitMs' | 'buildDelayMs' | 'startWorker'>

export interface AccountGroupsOptions {
  session: AccountSession<SyncSource>
  events: EventHub
  connectivity: Connectivity
  log: Logger
  settings: () => SyncSettings
  /** For pictures, which come from the provider's media host rather than the API. */
  pictureNet: PictureNet
  files?: FilePort
  now: () => number
  locale?: () => string | undefined
  /** Timings of the participants index (tests shorten them). */
  participantsTimings?: ParticipantsTimings
}
