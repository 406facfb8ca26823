/**
 * `npm run emulator -- --groups 5000 --latency 50 --port 0 --token demo`
 * Serves the emulator until SIGINT or SIGTERM. See docs/EMULATOR.md.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { type EmulatorOptions, type FaultInput, startEmulator } from './index'

const USAGE = `Usage: npm run emulator -- [options]
  --port N           port to listen on (default 0: a free one)
  --host HOST        address to listen on (default 127.0.0.1)
  --token T          accepted token; repeat for several (default emulator-token)
  --groups N         groups in the account (default 250)
  --seed S           data seed (default 1)
  --epoch SECONDS    unix time the data is "as of" (default now)
  --latency MS       latency added to groups and stories requests
  --jitter MS        random extra latency, 0..MS
  --max-body BYTES   largest POST body (default 67108864)
  --story-status N   200 or 201 for a published story (default 200)
  --fault JSON       a fault, e.g. '{"type":"status","status":503,"nth":2}'; repeatable
  --faults FILE      a JSON file holding a fault or a list of faults
  --json             print one JSON line {baseUrl, token} instead of text
  --help`

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new Error(`--${name} must be a whole number, not "${value}"`)
  return n
}

function parseFaults(inline: readonly string[], file: string | undefined): FaultInput[] {
  const faults: FaultInput[] = []
  const add = (text: string, where: string): void => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new Error(`${where} is not valid JSON`)
    }
    faults.push(...((Array.isArray(value) ? value : [value]) as FaultInput[]))
  }
  if (file !== undefined) add(readFileSync(file, 'utf8'), file)
  for (const text of inline) add(text, `--fault ${text}`)
  return faults
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string', multiple: true },
      groups: { type: 'string' },
      seed: { type: 'string' },
      epoch: { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      'max-body': { type: 'string' },
      'story-status': { type: 'string' },
      fault: { type: 'string', multiple: true },
      faults: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
  if (values.help === true) {
    console.log(USAGE)
    return
  }
  const storyStatus = integer('story-status', values['story-status'])
  if (storyStatus !== undefined && storyStatus !== 200 && storyStatus !== 201) throw new Error('--story-status must be 200 or 201')
  const options: EmulatorOptions = {
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.token === undefined ? {} : { token: values.token }),
    ...(values.seed === undefined ? {} : { seed: /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed }),
    ...(storyStatus === undefined ? {} : { storyStatus: storyStatus as 200 | 201 }),
    faults: parseFaults(values.fault ?? [], values.faults),
  }
  const numbers = {
    port: integer('port', values.port),
    groups: integer('groups', values.groups),
    epoch: integer('epoch', values.epoch),
    latencyMs: integer('latency', values.latency),
    jitterMs: integer('jitter', values.jitter),
    maxBodyBytes: integer('max-body', values['max-body']),
  }
  for (const [key, value] of Object.entries(numbers)) if (value !== undefined) Object.assign(options, { [key]: value })

  const started = performance.now()
  const emulator = await startEmulator(options)
  const ms = Math.round(performance.now() - started)
  if (values.json === true) {
    console.log(JSON.stringify({ baseUrl: emulator.baseUrl, token: emulator.token }))
  } else {
    console.log(`Statusdesk emulator ready in ${ms} ms`)
    console.log(`  base URL: ${emulator.baseUrl}`)
    console.log(`  token:    ${emulator.tokens.join(', ')}`)
    console.log(`  groups:   ${emulator.control.groups.total()}`)
    console.log(`  control:  ${emulator.baseUrl}/__emulator (with the token)`)
    console.log('Press Ctrl+C to stop.')
  }
  const shutdown = (): void => {
    void emulator.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error(`emulator: ${error instanceof Error ? error.message : String(error)}`)
  console.error(USAGE)
  process.exit(2)
})
