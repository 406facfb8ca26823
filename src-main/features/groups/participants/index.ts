export { startParticipantsWorker, type WorkerStarter } from './build-in-worker'
export {
  PARTICIPANTS_FILE,
  ParticipantIndex,
  type LoadedParticipants,
  type ParticipantIndexOptions,
  type ParticipantsSnapshot,
} from './participant-index'
export { decodeParticipants, encodeParticipants, type SnapshotIdentity } from './participants-file'
export { contactAt, isListed, participantsWithIds, participantsMatching } from './participants-search'
export { ParticipantsBuilder, type ParticipantsTable } from './participants-table'
