export {
  AccountGroups,
  type AccountGroupsOptions,
  type SyncSettings,
  type SyncSource,
} from './account-groups'
export { diffGroups, type GroupsDiff } from './diff'
export { fetchAllGroups, readAllPages } from './fetch-all-groups'
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_PAGE_SIZE,
  type FetchAllOptions,
  type FetchedGroups,
  type GroupsSource,
  type RejectedRecord,
} from './paging'
export { GroupsService, type GroupsServiceOptions } from './groups-service'
export {
  OFFLINE_RETRY_MS,
  SyncScheduler,
  systemTimers,
  type SyncSchedulerOptions,
  type Timers,
} from './scheduler'
