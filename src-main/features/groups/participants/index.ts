export { buildInWorker, startParticipantsWorker, type WorkerStarter } from './build-in-worker'
export {
  PARTICIPANTS_FILE,
  ParticipantIndex,
  type LoadedParticipants,
  type ParticipantIndexOptions,
  type PeopleSnapshot,
} from './participant-index'
export {
  PARTICIPANTS_VERSION,
  decodeParticipants,
  encodeParticipants,
  tableChecksum,
  type SnapshotIdentity,
} from './participants-file'
export { contactAt, isListed, peopleMatching, peopleWithIds } from './participants-search'
export { ParticipantsBuilder, type ParticipantsTable } from './participants-table'
