import { parseGroupsPage, type Group } from '@shared/domain'
import { startEmulator } from '../../../../../src-main/emulator'

/** Every group of a fresh emulator account, read over HTTP and parsed like the app does. */
export async function emulatorGroups(groups: number, seed = 7): Promise<Group[]> {
  const emulator = await startEmulator({ groups, seed, epoch: 1_760_000_000 })
  try {
    const all: Group[] = []
    for (let offset = 0; ; offset += 500) {
      const response = await fetch(`${emulator.baseUrl}/groups?count=500&offset=${offset}`, {
        headers: { Authorization: `Bearer ${emulator.token}` },
      })
      const parsed = parseGroupsPage(await response.json())
      if (!parsed.success) throw new Error('the emulator sent a page the parser refused')
      all.push(...parsed.data.groups)
      if (parsed.data.groups.length < 500) return all
    }
  } finally {
    await emulator.stop()
  }
}
