export { writeAtomically, removeStaleTemps, type AtomicWriteOptions } from './atomic-write'
export { errnoCode, nodeFiles, type FilePort, type WritableFile } from './fs-port'
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
export { decodeLeanIndex, encodeLeanIndex, type LeanIndex } from './lean-index-file'
export {
  LEAN_INDEX_FILE,
  SNAPSHOT_FILE,
  SnapshotStore,
  type SnapshotLoad,
  type SnapshotStoreOptions,
} from './snapshot-store'
