import { userText, type UserText } from '@shared/i18n/user-text'

/** A part of the snapshot file whose line can be unreadable or cut short. */
export type SnapshotPart = 'header' | 'trailer' | 'table-header' | 'segment-header'

/**
 * Why a snapshot file cannot be used, as a short code: it goes to the log (and the tests),
 * while the user reads one of the few sentences of setAsideText.
 */
export type SnapshotProblem =
  | 'not-a-groups-cache'
  | 'newer-format'
  | 'older-format'
  | 'other-account'
  | `${SnapshotPart}-unreadable`
  | 'cut-short'
  | `cut-short-in-${SnapshotPart}`
  | 'block-not-closed'
  | 'checksum-mismatch'
  | 'table-before-header'
  | 'table-unreadable'
  | 'table-size-mismatch'
  | 'record-outside-pages'
  | 'record-not-json'
  | 'record-without-id'
  /** A link, a pipe or a device where the snapshot should be: not followed. */
  | 'not-a-plain-file'

/** Why a snapshot file cannot be used; it is then set aside and the groups fetched again. */
export class SnapshotUnreadable extends Error {
  constructor(
    readonly reason: SnapshotProblem,
    /** The format version the file says it has, for the two version problems. */
    readonly version?: number,
  ) {
    super(version === undefined ? reason : `${reason} (format ${version})`)
    this.name = 'SnapshotUnreadable'
  }
}

/** What the user is told when the saved groups were set aside for `reason`. */
export function setAsideText(reason: SnapshotProblem): UserText {
  switch (reason) {
    case 'newer-format':
      return userText('groupErrors.cache.setAside.newerVersion')
    case 'older-format':
      return userText('groupErrors.cache.setAside.olderFormat')
    case 'other-account':
      return userText('groupErrors.cache.setAside.otherAccount')
    default:
      return userText('groupErrors.cache.setAside.damaged')
  }
}
