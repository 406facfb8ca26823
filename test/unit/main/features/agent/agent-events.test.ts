import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { AgentEvents, EventBlocks } from '../../../../../src-main/features/agent/agent-events'
import { HostedAccounts } from '../../../../../src-main/features/agent/hosted-accounts'
import { EventHub } from '../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../src-main/platform/log/log'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-events-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const encoder = new TextEncoder()

describe('reading the agent’s event stream', () => {
  it('splits events, skips garbage and unknown names, and refuses an event past the cap', () => {
    const blocks = new EventBlocks(1_000)
    const out = blocks.push(
      'event: stories:history-changed\ndata: {"accountId":"a1"}\n\nevent: x\ndata: nope\n\nevent: insights:changed\r\ndata: {not json\r\n\r\n',
    )
    expect(out).toEqual([{ name: 'stories:history-changed', data: { accountId: 'a1' } }])
    expect(() => blocks.push(`event: stories:outbox-changed\ndata: ${'x'.repeat(2_000)}`)).toThrow(RangeError)
  })

  it('follows a hostile stream bounded: a huge event ends it, it reconnects, and only hosted accounts’ events come out translated', async () => {
    const hosted = new HostedAccounts(new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.hostedAccounts))
    await hosted.add({
      accountId: 'desk-1',
      agentAccountId: 'agent-1',
      handoverId: randomUUID(),
      agentUrl: 'http://127.0.0.1:1',
      since: new Date().toISOString(),
    })
    const events = new EventHub()
    const seen: Array<{ name: string; payload: unknown }> = []
    events.subscribe((name, payload) => seen.push({ name, payload }))
    let opened = 0
    /** Chunks the peer was asked for: a stream cut off at the cap is not read on. */
    let pulled = 0
    const follower = new AgentEvents({
      hosted,
      events,
      log: silentLogger,
      firstRetryMs: 10,
      lastRetryMs: 40,
      maxEventBytes: 64 * 1024,
      open: async () => {
        opened += 1
        const first = opened === 1
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled += 1
              if (first && pulled === 1)
                return controller.enqueue(
                  encoder.encode(
                    'event: stories:outbox-changed\ndata: {"accountId":"agent-1","items":[{"accountId":"agent-1","id":"i1","rev":3}],"left":[]}\n\n' +
                      'event: queue:changed\ndata: {"accountId":"someone-else"}\n\n' +
                      'garbage\n\n\n\ndata: [1,2\n\n',
                  ),
                )
              // Then an event that never ends: 16 KiB at a time, forever.
              if (first) return controller.enqueue(encoder.encode('x'.repeat(16 * 1024)))
              controller.close()
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        )
      },
    })
    follower.start()
    await expect.poll(() => opened, { timeout: 5_000 }).toBeGreaterThanOrEqual(3)
    follower.stop()
    // The endless event was cut near the cap: a few chunks, not megabytes.
    expect(pulled).toBeLessThan(20)
    expect(seen).toEqual([
      {
        name: 'stories:outbox-changed',
        payload: { accountId: 'desk-1', items: [{ accountId: 'desk-1', id: 'i1', rev: 3, where: 'agent' }], left: [] },
      },
    ])
  })
})
