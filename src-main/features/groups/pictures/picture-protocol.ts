/**
 * What main and the picture worker say to each other (see picture-thread.ts for main's end,
 * picture-worker.ts for the worker's): types, and the few figures both sides go by.
 */
import type { DialPlan } from '../../../platform/net/named-dial'
import type { PackedRefs } from '../index'

/** Network failures in a row after which the picture host is taken to be unreachable for this run. */
export const OFFLINE_AFTER = 12

/** A group's thumbnail (fetched with each sync) or its full picture (fetched when first shown). */
export type PictureKind = 'thumbs' | 'full'

/**
 * One account's pictures folder, as every request names it: a worker started again knows
 * nothing of the one before, and reads the folder's manifest afresh.
 */
export interface FolderSpec {
  dir: string
  /** The account's server: picture hosts on its kinds of network are allowed too (AddressGuard). */
  trustedBaseUrl: string | undefined
  maxBytes: Record<PictureKind, number>
  timeoutMs: number
}

/** A line the worker logged, carried to main's log with the next reply. */
export interface LogNote {
  level: 'info' | 'warn'
  message: string
  data?: Record<string, unknown>
}

/** The bytes main fetched itself (a proxied origin), for the worker to check and store. */
export type FetchedBytes = { status: 'unchanged' } | { status: 'downloaded'; bytes: ArrayBuffer; etag: string | null }

export type PictureRequest =
  /** The folder's manifest, read now; answered with what main looks pictures up by. */
  | { type: 'open'; folder: FolderSpec }
  /** A sync's thumbnails: what is stored and still wanted, what goes, and what is to fetch. */
  | { type: 'plan'; folder: FolderSpec; run: number; refs: PackedRefs; trustStored: boolean; concurrency: number }
  /** The run's pictures to fetch, `from` to `to` in its list, with main's decisions for their origins. */
  | { type: 'thumbs'; folder: FolderSpec; run: number; from: number; to: number; dial: DialPlan }
  /** One picture now: a full picture when first shown, or a damaged one fetched again. */
  | { type: 'one'; folder: FolderSpec; kind: PictureKind; id: string; url: string; dial: DialPlan }
  /** A picture main fetched itself, to check and store; `save`: the manifest is saved at once. */
  | { type: 'store'; folder: FolderSpec; kind: PictureKind; id: string; url: string; got: FetchedBytes; save: boolean }
  /** A stored file found damaged: removed, with every entry that named it. */
  | { type: 'forget'; folder: FolderSpec; file: string }
  /** The run is over: the manifest saved, files nothing names removed. */
  | { type: 'finish'; folder: FolderSpec; run: number }
  /** The account's pictures are not shown any more: the manifest saved, the folder let go. */
  | { type: 'release'; folder: FolderSpec }

/** The run stops: downloads on their way are aborted, the rest never start. */
export type PictureNote = { type: 'cancel'; run: number }

/** What main looks pictures up by: `thumbs` is id, file, id, file…; `full` is id, url, file, … */
export interface PictureLookup {
  thumbs: string[]
  full: string[]
}

export interface PlanReply {
  /** Groups whose entries went (their groups are gone, or have no such picture any more). */
  dropped: { thumbs: string[]; full: string[] }
  /** Thumbnails copied out of a pack mostly dead, under a new name: group id, name, group id, name… */
  moved: string[]
  /** Stored, the same URL and the file intact: not fetched again. */
  unchanged: number
  /** How many are to fetch, in the order `thumbs` requests name them. */
  work: number
  /** The origins of the pictures to fetch; `originOf[i]` is the index of the i-th one's. */
  origins: string[]
  originOf: Uint32Array
}

/** A picture main fetches itself (its origin goes through the proxy, or a redirect left the plan). */
export interface ViaMain {
  id: string
  url: string
  etag: string | null
}

export interface ChunkReply {
  /** Pictures stored (downloaded, or kept after a 304): id, file, id, file… */
  stored: string[]
  downloaded: number
  unchanged: number
  failed: number
  viaMain: ViaMain[]
  /** The run stopped: too many network failures in a row. */
  stoppedOffline: boolean
}

export type OneReply = { file: string } | { viaMain: ViaMain } | { failed: string }

export interface PictureReplies {
  open: PictureLookup
  plan: PlanReply
  thumbs: ChunkReply
  one: OneReply
  store: OneReply
  forget: { entries: { kind: PictureKind; id: string; url: string }[] }
  finish: { swept: number }
  release: null
}

/** Every reply: the answer, and the lines the worker logged since its last reply. */
export interface PictureReply {
  value: unknown
  log: LogNote[]
}
