// The records are read where the snapshot is (cache/records-on-disk.ts); modules outside the
// groups feature still name this path.
export { forEachRecord, readGroup, readRecordBytes, type RecordsOnDisk } from '../cache/records-on-disk'
