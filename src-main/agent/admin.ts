import { parseArgs } from 'node:util'
import { AppError } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import type { Database } from '../platform/db/database'
import { ActivityLog } from './activity'
import { agentDatabaseTarget, describeDatabase } from './agent-database'
import { DeviceStore } from './devices'
import { defaultAgentDataDir } from './options'

/** The operator's commands beside running the agent: `statusdesk-agent devices`, `statusdesk-agent revoke <id>`. */
export const AGENT_ADMIN_COMMANDS = ['devices', 'revoke'] as const
type AdminCommand = (typeof AGENT_ADMIN_COMMANDS)[number]

const COMMANDS = { command: 'statusdesk-agent revoke ID', list: 'statusdesk-agent devices' }

/** The agent's own options, accepted beside a command (a service's command line may carry them) and ignored but `--data-dir`. */
const OPTIONS = {
  'data-dir': { type: 'string' },
  listen: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  tls: { type: 'boolean' },
  'sync-groups': { type: 'boolean' },
  json: { type: 'boolean' },
} as const

export function isAdminCommand(argv: readonly string[]): boolean {
  const { positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false })
  return (AGENT_ADMIN_COMMANDS as readonly string[]).includes(positionals[0] ?? '')
}

export interface AdminIo {
  env: Readonly<Record<string, string | undefined>>
  /** One JSON line for the operator: the event, the sentence's key and parameters, and its fields. */
  line(event: string, text: UserText, fields?: Record<string, unknown>): void
  open?: (target: { folder: string; url: string | null }) => Promise<Database>
}

/**
 * Lists the paired devices (with when each was last seen and what it last did) or revokes one,
 * on the agent's database (its data folder's, or DATABASE_URL's). A revoked token is refused at
 * its next call even by a running agent: each call reads the devices table. The embedded
 * database is held by a running agent: that is said in one sentence, with how to do it instead.
 * Answers the exit code.
 */
export async function runAgentAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true })
  } catch {
    io.line('error', userText('desktop.agent.admin.revokeUsage', COMMANDS))
    return 2
  }
  const { values, positionals } = parsed
  const command = positionals[0] as AdminCommand
  const deviceId = positionals[1]
  if (command === 'revoke' && (deviceId === undefined || positionals.length > 2)) {
    io.line('error', userText('desktop.agent.admin.revokeUsage', COMMANDS))
    return 2
  }
  const dataDir =
    (typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined) ??
    io.env['STATUSDESK_AGENT_DATA_DIR'] ??
    defaultAgentDataDir(io.env)
  const target = agentDatabaseTarget(io.env, dataDir)
  let db: Database
  try {
    db = await (io.open ?? (await import('../platform/db/open-database')).openDatabase)(target)
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      io.line('error', userText('desktop.agent.admin.held', { database: describeDatabase(target) }))
      return 1
    }
    throw error
  }
  try {
    const devices = await DeviceStore.open(db)
    return command === 'devices'
      ? await listDevices(devices, new ActivityLog(db), io)
      : await revoke(devices, new ActivityLog(db), deviceId!, io)
  } finally {
    await db.close()
  }
}

async function listDevices(devices: DeviceStore, activity: ActivityLog, io: AdminIo): Promise<number> {
  const paired = await devices.list()
  if (paired.length === 0) io.line('devices', userText('desktop.agent.admin.none'))
  const last = await activity.lastByDevice()
  for (const device of paired) {
    const did = last.get(device.id)
    const fields = { ...device, lastAction: did?.action ?? null, lastActionAt: did?.at ?? null, accountId: did?.accountId ?? null }
    const said = { name: device.name, id: device.id, seen: device.lastSeenAt ?? '-', action: did?.action ?? '-' }
    const text =
      device.personName === null
        ? userText('desktop.agent.admin.device', said)
        : userText('desktop.agent.admin.devicePerson', { ...said, person: device.personName })
    io.line('device', text, fields)
  }
  return 0
}

async function revoke(devices: DeviceStore, activity: ActivityLog, deviceId: string, io: AdminIo): Promise<number> {
  if (!(await devices.list()).some((device) => device.id === deviceId)) {
    io.line('error', userText('desktop.agent.admin.noDevice', { id: deviceId, list: COMMANDS.list }))
    return 1
  }
  await devices.remove(deviceId)
  await activity.record({ deviceId: 'operator', deviceName: 'operator', action: 'revoke', subject: deviceId })
  io.line('revoked', userText('desktop.agent.admin.revoked', { id: deviceId }), { deviceId })
  return 0
}
