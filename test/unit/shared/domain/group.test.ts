import { describe, expect, it } from 'vitest'
import { GroupSchema, ParticipantSchema, parseWith } from '@shared/domain'
import { groupFixture } from './fixtures'

describe('GroupSchema', () => {
  it('parses a group with every field of the spec, unchanged', () => {
    const raw = groupFixture()
    const group = GroupSchema.parse(raw)
    expect(group).toEqual(raw)
    expect(group.participants.map((p) => p.rank)).toEqual(['creator', 'admin', 'member'])
    expect(group.last_message?.poll?.options).toEqual(['Saturday', 'Sunday'])
    expect(group.adminAddMemberMode).toBe(true)
  })

  it('accepts a group with only the required fields', () => {
    const minimal = {
      id: '120363@g.us',
      type: 'group',
      name: 'G',
      participants_count: 0,
      participants: [],
    }
    expect(GroupSchema.parse(minimal)).toEqual(minimal)
  })

  it('accepts null where the provider leaves a value out', () => {
    const raw = groupFixture({
      description: null,
      last_message: null,
      labels: null,
      chat_pic: null,
      linkedParent: null,
    })
    expect(GroupSchema.parse(raw).description).toBeNull()
  })

  it('keeps unknown fields of the group and of its participants', () => {
    const raw = groupFixture({
      member_add_mode: 'all_member_add',
      participants: [{ id: '447700900123', rank: 'admin', lid: '1234567890@lid' }],
    })
    const group = GroupSchema.parse(raw) as Record<string, unknown> & {
      participants: Record<string, unknown>[]
    }
    expect(group.member_add_mode).toBe('all_member_add')
    expect(group.participants[0]?.lid).toBe('1234567890@lid')
  })

  it.each([
    [{ name: 7 }, 'name'],
    [{ participants: 'everyone' }, 'participants'],
    [{ participants_count: '3' }, 'participants_count'],
    [{ participants: [{ id: '447700900123' }] }, 'participants[0].rank'],
    [{ labels: [{ id: '3', name: 'Hiking' }] }, 'labels[0].color'],
    [{ last_message: { id: 'm', type: 'text', chat_id: 'c', from_me: 'no', timestamp: 1 } }, 'last_message.from_me'],
    [{ restricted: 'true' }, 'restricted'],
  ])('rejects %j at %s', (override, path) => {
    expect(parseWith(GroupSchema, groupFixture(override))).toMatchObject({
      success: false,
      issue: { path },
    })
  })

  it('takes a participant id in any of the forms servers send', () => {
    for (const id of ['447700900123', '447700900123@s.whatsapp.net', '123456789012345@lid']) {
      expect(ParticipantSchema.parse({ id, rank: 'member' }).id).toBe(id)
    }
  })
})
