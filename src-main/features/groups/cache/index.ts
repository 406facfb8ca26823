export {
  decodeSnapshot,
  fingerprintOf,
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
export { encodeGroupsIndexFile } from './groups-index-file'
export {
  GROUPS_INDEX_FILE,
  SNAPSHOT_FILE,
  SnapshotStore,
  type SnapshotLoad,
} from './snapshot-store'
