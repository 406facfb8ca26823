export { writeAtomically, removeStaleTemps, type AtomicWriteOptions } from './atomic-write'
export { nodeFiles, type FilePort, type WritableFile } from './fs-port'
export {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SnapshotUnreadable,
  arrayItemRanges,
  decodeSnapshot,
  fingerprintOf,
  type GroupsSnapshot,
  type SnapshotLayout,
  type SnapshotMeta,
} from './snapshot-format'
export { SnapshotReader } from './snapshot-reader'
export {
  SNAPSHOT_FILE,
  SnapshotStore,
  type SnapshotLoad,
  type SnapshotStoreOptions,
} from './snapshot-store'
