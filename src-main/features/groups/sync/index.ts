export {
  AccountGroups,
  type AccountGroupsOptions,
  type SyncSettings,
  type SyncSource,
} from './account-groups'
export { diffGroups, type GroupsDiff } from './diff'
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_PAGE_SIZE,
  fetchAllGroups,
  readAllPages,
  type FetchAllOptions,
  type FetchedGroups,
  type GroupsSource,
  type RejectedRecord,
} from './fetch-all-groups'
export { GroupsService, type GroupsServiceOptions } from './groups-service'
export {
  OFFLINE_RETRY_MS,
  SyncScheduler,
  systemTimers,
  type SyncSchedulerOptions,
  type Timers,
} from './scheduler'
