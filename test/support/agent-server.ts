import { join } from 'node:path'
import { ActivityLog } from '../../src-main/agent/activity'
import { DeviceStore } from '../../src-main/agent/devices'
import { PairingCodes } from '../../src-main/agent/pairing'
import { type AgentMediaIntake, type AgentServer, startAgentServer } from '../../src-main/agent/server'
import type { Handlers } from '../../src-main/handlers/dispatch'
import { openDatabase } from '../../src-main/platform/db/open-database'
import { EventHub } from '../../src-main/platform/events'
import { silentLogger } from '../../src-main/platform/log/log'

export interface InProcessAgent {
  server: AgentServer
  /** The pairing code the agent printed last. */
  code(): string
  close(): Promise<void>
}

/**
 * The agent's HTTP API in this process, over `handlers`: its real devices on PGlite in `dir`,
 * its real pairing codes (printed to the test), on a free loopback port.
 */
export async function startInProcessAgent(
  dir: string,
  handlers: Handlers,
  events = new EventHub(),
  network: {
    tls?: { cert: string; key: string }
    port?: number
    metrics?: () => Promise<{ contentType: string; body: string }>
    media?: AgentMediaIntake
  } = {},
): Promise<InProcessAgent> {
  const db = await openDatabase({ folder: join(dir, 'agent-db') })
  let printed = ''
  const pairing = new PairingCodes({ onCode: (code) => (printed = code.code), every: () => () => {} })
  pairing.start()
  const server = await startAgentServer({
    handlers,
    events,
    devices: await DeviceStore.open(db),
    activity: new ActivityLog(db),
    pairing,
    health: () => ({
      polling: true,
      scheduler: { started: true, sharedLook: null, worker: null, lastTick: null },
      nextDue: null,
      accounts: [],
    }),
    log: silentLogger,
    host: '127.0.0.1',
    port: network.port ?? 0,
    ...(network.tls && { tls: network.tls }),
    ...(network.metrics && { metrics: network.metrics }),
    ...(network.media && { media: network.media }),
  })
  return {
    server,
    code: () => printed,
    close: async () => {
      pairing.stop()
      await server.close()
      await db.close()
    },
  }
}
