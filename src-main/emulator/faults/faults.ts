import { z } from 'zod'
import { MAX_GROUPS_ADDED } from '../data/group-list'
import { createRng, hashSeed, type Rng } from '../data/prng'
import { GROUP_VIOLATIONS, STORY_VIOLATIONS } from './violations'

/**
 * `stories` is POST /stories; `story-list` GET /stories; `story` GET and PUT /stories/{id};
 * `statuses` GET /statuses/{id}; `media` POST /media; `contacts` GET /contacts.
 */
export const FAULT_ROUTES = ['groups', 'stories', 'pictures', 'media', 'story-list', 'story', 'statuses', 'contacts'] as const
export type FaultRoute = (typeof FAULT_ROUTES)[number]

const route = z.enum(FAULT_ROUTES)
const count = z.int().min(1)
const phase = z.enum(['before', 'after']).optional()

/** When a fault applies. Counting starts when the fault is added. */
const when = {
  /** Default: groups and stories; the other routes only when named. `mutate` is groups only. */
  route: z.union([route, z.array(route).min(1)]).optional(),
  /** Only the Nth request to its routes. */
  nth: count.optional(),
  /** At most this many requests (with no `nth`: the next N requests). */
  times: count.optional(),
  /** Let this many requests through first. */
  after: z.int().min(0).optional(),
  /** Apply with this probability, drawn from the emulator's seed: the same run twice gives the same result. */
  probability: z.number().min(0).max(1).optional(),
}

/**
 * `phase: 'after'` lets the request take effect (a story is published) before the
 * fault replaces the answer: the client cannot tell whether it worked.
 */
export const FaultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('latency'),
    ms: z.int().min(0),
    jitterMs: z.int().min(0).optional(),
    ...when,
  }),
  z.object({
    type: z.literal('status'),
    status: z.int().min(400).max(599),
    message: z.string().optional(),
    /** Answer with an HTML page, as a proxy in front of the provider would. */
    html: z.boolean().optional(),
    phase,
    ...when,
  }),
  z.object({
    type: z.literal('rate-limit'),
    /** Seconds; default 1. */
    retryAfter: z.number().min(0).optional(),
    /** How Retry-After is written: delta seconds (default), an HTTP-date, or left out. */
    format: z.enum(['seconds', 'http-date', 'none']).optional(),
    phase,
    ...when,
  }),
  /** Never answer, until the client gives up or the emulator stops. */
  z.object({ type: z.literal('hang'), phase, ...when }),
  /**
   * Answer before the request body has arrived, then close the connection without reading
   * the rest, as the provider does with an oversized upload (a 413 while the client is
   * still sending). Stories and media only: the routes with a body worth refusing early.
   */
  z.object({
    type: z.literal('early-answer'),
    /** Default 413. */
    status: z.int().min(400).max(599).optional(),
    /** Body bytes to read first; default 64 KiB. 0 answers on the headers alone. */
    afterBytes: z.int().min(0).optional(),
    ...when,
  }),
  /** Send the headers and part of the body, then reset the connection. */
  z.object({ type: z.literal('reset'), bytes: z.int().min(0).optional(), ...when }),
  z.object({
    type: z.literal('malformed-json'),
    variant: z.enum(['truncated', 'html']).optional(),
    ...when,
  }),
  z.object({
    type: z.literal('schema-violation'),
    violation: z.enum([...GROUP_VIOLATIONS, ...STORY_VIOLATIONS]).optional(),
    /** Groups: positions in the whole list (offset + i) to break; default every group served. */
    indexes: z.array(z.int().min(0)).optional(),
    /** Groups: break every position p with p % every === 0. */
    every: count.optional(),
    ...when,
  }),
  /**
   * Groups paging that never ends, as a buggy or hostile server pages:
   * `ignore-offset` answers every page with the first groups of the list;
   * `huge-total` claims 10^12 groups; `repeat-ids` never sends a short page, starting the
   * list again past its end; `endless` never sends a short page either, making up new
   * groups past the end.
   */
  z.object({
    type: z.literal('paging'),
    variant: z.enum(['ignore-offset', 'huge-total', 'repeat-ids', 'endless']),
    ...when,
  }),
  /** Change the account's groups once the request has been answered. */
  z.object({
    type: z.literal('mutate'),
    add: z.int().min(0).max(MAX_GROUPS_ADDED).optional(),
    remove: z.int().min(0).optional(),
    removePositions: z.array(z.int().min(0)).optional(),
    at: z.enum(['start', 'end']).optional(),
    ...when,
  }),
])

export type FaultInput = z.input<typeof FaultSchema>
export type Fault = z.output<typeof FaultSchema>
export type TerminalFault = Extract<Fault, { type: 'status' | 'rate-limit' | 'hang' }>
export type ResetFault = Extract<Fault, { type: 'reset' }>
export type EarlyAnswerFault = Extract<Fault, { type: 'early-answer' }>
export type MalformedFault = Extract<Fault, { type: 'malformed-json' }>
export type ViolationFault = Extract<Fault, { type: 'schema-violation' }>
export type MutateFault = Extract<Fault, { type: 'mutate' }>
export type PagingFault = Extract<Fault, { type: 'paging' }>

export interface FaultState {
  id: string
  fault: Fault
  /** Requests to its routes since it was added. */
  seen: number
  /** Requests it changed. */
  applied: number
}

/** What to do to one request. */
export interface FaultPlan {
  latencyMs: number
  terminal?: TerminalFault
  early?: EarlyAnswerFault
  reset?: ResetFault
  malformed?: MalformedFault
  violations: ViolationFault[]
  mutations: MutateFault[]
  paging: PagingFault[]
  /** Ids of the faults that apply. */
  applied: string[]
}

const isGroupViolation = (v: string): boolean => (GROUP_VIOLATIONS as readonly string[]).includes(v)
const isStoryViolation = (v: string): boolean => (STORY_VIOLATIONS as readonly string[]).includes(v)

function routesOf(fault: Fault): readonly FaultRoute[] {
  if (fault.route !== undefined) return Array.isArray(fault.route) ? fault.route : [fault.route]
  if (fault.type === 'mutate' || fault.type === 'paging') return ['groups']
  if (fault.type === 'early-answer') return ['stories']
  if (fault.type === 'schema-violation' && fault.violation !== undefined) {
    return [
      ...(isGroupViolation(fault.violation) ? (['groups'] as const) : []),
      ...(isStoryViolation(fault.violation) ? (['stories'] as const) : []),
    ]
  }
  return ['groups', 'stories']
}

/** Reasons a well-formed fault still cannot apply where it was asked to. */
function misfit(fault: Fault): string | undefined {
  const routes = routesOf(fault)
  if ((fault.type === 'mutate' || fault.type === 'paging') && routes.some((r) => r !== 'groups'))
    return `${fault.type} applies to the groups route only`
  if (fault.type === 'early-answer' && routes.some((r) => r !== 'stories' && r !== 'media'))
    return 'early-answer applies to the stories and media routes only'
  if (fault.type === 'schema-violation') {
    const other = routes.find((r) => r !== 'groups' && r !== 'stories')
    if (other !== undefined) return `schema-violation does not apply to the ${other} route`
    const v = fault.violation
    if (v !== undefined && routes.includes('groups') && !isGroupViolation(v)) return `violation "${v}" does not apply to groups`
    if (v !== undefined && routes.includes('stories') && !isStoryViolation(v)) return `violation "${v}" does not apply to stories`
  }
  return undefined
}

export class FaultError extends Error {}

export class FaultSet {
  private states: (FaultState & { rng: Rng })[] = []
  private nextId = 1

  constructor(private readonly seed: number) {}

  /** Adds one fault or several; throws FaultError, naming the field, when one is invalid. */
  add(input: unknown): FaultState[] {
    const parsed = Array.isArray(input) ? z.array(FaultSchema).safeParse(input) : FaultSchema.safeParse(input)
    if (!parsed.success) throw new FaultError(z.prettifyError(parsed.error))
    const faults = Array.isArray(parsed.data) ? parsed.data : [parsed.data]
    for (const fault of faults) {
      const reason = misfit(fault)
      if (reason !== undefined) throw new FaultError(reason)
    }
    return faults.map((fault) => {
      const id = `f${this.nextId++}`
      const state = {
        id,
        fault,
        seen: 0,
        applied: 0,
        rng: createRng(hashSeed(this.seed, 'fault', id)),
      }
      this.states.push(state)
      return this.view(state)
    })
  }

  list(): FaultState[] {
    return this.states.map((s) => this.view(s))
  }

  remove(id: string): boolean {
    const before = this.states.length
    this.states = this.states.filter((s) => s.id !== id)
    return this.states.length !== before
  }

  clear(): void {
    this.states = []
  }

  /** Counts the request against every fault of its route and decides what happens to it. */
  plan(route: FaultRoute): FaultPlan {
    const plan: FaultPlan = {
      latencyMs: 0,
      violations: [],
      mutations: [],
      paging: [],
      applied: [],
    }
    for (const state of this.states) {
      const { fault } = state
      if (!routesOf(fault).includes(route)) continue
      state.seen++
      if (fault.nth !== undefined && state.seen !== fault.nth) continue
      if (fault.after !== undefined && state.seen <= fault.after) continue
      if (fault.times !== undefined && state.applied >= fault.times) continue
      if (fault.probability !== undefined && !(state.rng.next() < fault.probability)) continue
      if (!this.take(plan, fault, state.rng)) continue
      state.applied++
      plan.applied.push(state.id)
    }
    return plan
  }

  /** Adds the fault to the plan; false when an earlier fault already took its slot. */
  private take(plan: FaultPlan, fault: Fault, rng: Rng): boolean {
    switch (fault.type) {
      case 'latency':
        plan.latencyMs += fault.ms + (fault.jitterMs === undefined ? 0 : rng.int(0, fault.jitterMs))
        return true
      case 'status':
      case 'rate-limit':
      case 'hang':
        if (plan.terminal !== undefined) return false
        plan.terminal = fault
        return true
      case 'early-answer':
        if (plan.early !== undefined) return false
        plan.early = fault
        return true
      case 'reset':
        if (plan.reset !== undefined) return false
        plan.reset = fault
        return true
      case 'malformed-json':
        if (plan.malformed !== undefined) return false
        plan.malformed = fault
        return true
      case 'schema-violation':
        plan.violations.push(fault)
        return true
      case 'mutate':
        plan.mutations.push(fault)
        return true
      case 'paging':
        plan.paging.push(fault)
        return true
    }
  }

  private view({ id, fault, seen, applied }: FaultState): FaultState {
    return { id, fault, seen, applied }
  }
}
