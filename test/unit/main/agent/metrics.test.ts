import { describe, expect, it } from 'vitest'
import type { OutboxItemView } from '@shared/story/records'
import { AgentMetrics } from '../../../../src-main/agent/metrics'
import { EventHub } from '../../../../src-main/platform/events'

const NOW = Date.parse('2026-03-01T09:00:03Z')
const DUE = '2026-03-01T09:00:00.000Z'

function item(id: string, fields: Partial<OutboxItemView>): OutboxItemView {
  return {
    accountId: 'acc-1',
    id,
    requestId: `req-${id}`,
    state: 'scheduled',
    createdAt: DUE,
    updatedAt: DUE,
    attempts: 0,
    summary: {
      kind: 'text',
      text: 'Call +1 555 010 0999 for the sale',
      thumbnail: null,
      background: null,
      color: null,
      font: null,
      audience: { mode: 'contacts', count: 1, excluded: 0 },
      mediaBytes: null,
    },
    lastError: null,
    nextAttemptAt: null,
    dueAt: DUE,
    rev: 1,
    ...fields,
  } as OutboxItemView
}

/** The value of one sample line, by metric name and labels as the scrape writes them. */
function sample(text: string, line: string): number | null {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `))
  return found === undefined ? null : Number(found.slice(line.length + 1))
}

describe("the agent's metrics", () => {
  it('count stories planned, sent (with their lateness), unknown and failed per account, and the outbox by state', async () => {
    const events = new EventHub()
    const metrics = new AgentMetrics(events, () => NOW)
    metrics.seed([item('kept', {})])
    const emit = (items: OutboxItemView[], left: { id: string; requestId: string; outcome: 'published' | 'removed' }[] = []) =>
      events.emit('stories:outbox-changed', { accountId: 'acc-1', items, left })

    emit([item('kept', {}), item('a', {}), item('b', {})])
    emit([item('kept', {}), item('a', { state: 'sending' }), item('b', { state: 'unknown' })])
    emit([item('kept', {}), item('b', { state: 'unknown' })], [{ id: 'a', requestId: 'req-a', outcome: 'published' }])
    emit([item('kept', { state: 'failed' })], [{ id: 'b', requestId: 'req-b', outcome: 'removed' }])
    events.emit('insights:changed', { accountId: 'acc-1' })

    const { body, contentType } = await metrics.scrape()
    expect(contentType).toContain('text/plain')
    // The story there at start is not counted again as planned.
    expect(sample(body, 'statusdesk_stories_planned_total{account="acc-1"}')).toBe(2)
    expect(sample(body, 'statusdesk_stories_total{account="acc-1",outcome="sent"}')).toBe(1)
    expect(sample(body, 'statusdesk_stories_total{account="acc-1",outcome="unknown"}')).toBe(1)
    expect(sample(body, 'statusdesk_stories_total{account="acc-1",outcome="failed"}')).toBe(1)
    expect(sample(body, 'statusdesk_story_lateness_seconds_count{account="acc-1"}')).toBe(1)
    expect(sample(body, 'statusdesk_story_lateness_seconds_sum{account="acc-1"}')).toBe(3)
    expect(sample(body, 'statusdesk_outbox_items{account="acc-1",state="failed"}')).toBe(1)
    expect(sample(body, 'statusdesk_outbox_items{account="acc-1",state="scheduled"}')).toBe(0)
    expect(sample(body, 'statusdesk_insights_recorded_total{account="acc-1"}')).toBe(1)
    expect(body).toContain('statusdesk_agent_process_resident_memory_bytes')
    // Nothing of a story's text or audience: no phone number, whole or in part. Read without
    // the samples' values: a process figure (its memory, say) may hold the digits 555.
    const withoutValues = body.replace(/ \S+$/gm, '')
    expect(withoutValues).not.toMatch(/555|sale/)
    metrics.stop()
  })

  it('read a planned instant that makes no sense as no lateness at all', async () => {
    const events = new EventHub()
    const metrics = new AgentMetrics(events, () => NOW)
    events.emit('stories:outbox-changed', { accountId: 'acc-2', items: [item('x', { accountId: 'acc-2', dueAt: 'soon' })], left: [] })
    events.emit('stories:outbox-changed', { accountId: 'acc-2', items: [], left: [{ id: 'x', requestId: 'req-x', outcome: 'published' }] })
    const { body } = await metrics.scrape()
    expect(sample(body, 'statusdesk_stories_total{account="acc-2",outcome="sent"}')).toBe(1)
    expect(sample(body, 'statusdesk_story_lateness_seconds_count{account="acc-2"}')).toBeNull()
    metrics.stop()
  })
})
