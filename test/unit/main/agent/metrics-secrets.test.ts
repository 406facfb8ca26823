import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { OutboxItemView } from '@shared/story/records'
import { AgentMetrics } from '../../../../src-main/agent/metrics'
import { EventHub } from '../../../../src-main/platform/events'
import { startInProcessAgent } from '../../../support/agent-server'
import { testHandlers } from '../../../support/handlers'

const PHONE = '+1 555 010 0999'
let root = ''
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe("the agent's /metrics over its real server", () => {
  it('answers a paired device only, and holds no token and no phone number', async () => {
    root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-metrics-'))
    const events = new EventHub()
    const metrics = new AgentMetrics(events)
    const agent = await startInProcessAgent(root, testHandlers(), events, { metrics: () => metrics.scrape() })
    try {
      const paired = await fetch(`${agent.server.url}/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: agent.code(), deviceName: `Desk ${PHONE}`, personName: `Zoë ${PHONE}` }),
      })
      const { token } = ((await paired.json()) as { value: { token: string } }).value
      const item = {
        accountId: 'acc-1',
        id: 'i-1',
        requestId: 'req-i-1',
        state: 'scheduled',
        dueAt: '2026-03-01T09:00:00.000Z',
        summary: { kind: 'text', text: `Call ${PHONE}`, audience: { mode: 'contacts', count: 1, excluded: 0 } },
      } as unknown as OutboxItemView
      events.emit('stories:outbox-changed', { accountId: 'acc-1', items: [item], left: [] })

      expect((await fetch(`${agent.server.url}/metrics`)).status).toBe(401)
      const scrape = await fetch(`${agent.server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      expect(scrape.status).toBe(200)
      const body = await scrape.text()
      expect(body).toContain('statusdesk_stories_planned_total{account="acc-1"} 1')
      // The number in any spelling; not a bare "555", which a process figure (bytes, seconds) may hold by chance.
      const digits = PHONE.replace(/\D/g, '')
      for (const secret of [token, token.split('.')[2]!, PHONE, digits, digits.slice(1), '555 010', 'Desk', 'Zoë', 'sdd1'])
        expect(body).not.toContain(secret)
    } finally {
      metrics.stop()
      await agent.close()
    }
  }, 60_000)
})
