import { userText } from '@shared/i18n/user-text'
import { AgentRefusal } from './options'
import { startAgentServer, type AgentServer, type AgentServerOptions } from './server'

function codeOf(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined
}

/** Listens where the agent was asked to; a port taken or needing rights is refused in one sentence. */
export async function listenOrRefuse(
  where: { host: string; port: number },
  options: Omit<AgentServerOptions, 'host' | 'port'>,
): Promise<AgentServer> {
  try {
    return await startAgentServer({ ...options, host: where.host, port: where.port })
  } catch (error) {
    const params = { port: where.port, host: where.host, option: '--listen HOST:PORT' }
    if (codeOf(error) === 'EADDRINUSE') throw new AgentRefusal(userText('desktop.agent.usage.portInUse', params))
    if (codeOf(error) === 'EACCES') {
      throw new AgentRefusal(userText('desktop.agent.usage.portNeedsRights', { port: where.port, option: params.option }))
    }
    throw error
  }
}
