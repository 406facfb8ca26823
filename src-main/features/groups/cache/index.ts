export { writeAtomically, removeStaleTemps, type AtomicWriteOptions } from '../../../platform/files/atomic-write'
export { errnoCode, nodeFiles, type FilePort, type WritableFile } from '../../../platform/files/fs-port'
export {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SnapshotUnreadable,
  decodeSnapshot,
  fingerprintOf,
  type GroupsSnapshot,
  type SnapshotLayout,
  type SnapshotMeta,
  type SnapshotTable,
} from './snapshot-format'
export { SnapshotReader } from './snapshot-reader'
export {
  forEachRecord,
  readGroup,
  readRecordBytes,
  type RecordsOnDisk,
} from './records-on-disk'
export { SnapshotWriter } from './snapshot-writer'
export {
  GROUPS_INDEX_VERSION,
  decodeGroupsIndexFile,
  encodeGroupsIndexFile,
  type GroupsIndexFile,
  type IndexedSnapshot,
} from './groups-index-file'
export {
  GROUPS_INDEX_FILE,
  SNAPSHOT_FILE,
  SnapshotStore,
  type SnapshotLoad,
  type SnapshotStoreOptions,
} from './snapshot-store'
