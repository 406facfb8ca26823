import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../../../../src-main/emulator/cli.ts', import.meta.url))

function run(args: string[]): {
  lines: AsyncIterator<string>
  child: ReturnType<typeof spawn>
  stderr: () => string
} {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()))
  const lines = (async function* () {
    let buffered = ''
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      buffered += chunk.toString()
      let nl: number
      while ((nl = buffered.indexOf('\n')) >= 0) {
        yield buffered.slice(0, nl)
        buffered = buffered.slice(nl + 1)
      }
    }
  })()
  return { lines, child, stderr: () => err }
}

describe('npm run emulator', () => {
  it('prints the base URL and the token, serves, and stops on SIGTERM', async () => {
    const { lines, child } = run(['--groups', '42', '--latency', '5', '--port', '0', '--token', 'demo'])
    const printed: string[] = []
    while (!printed.some((l) => l.includes('token:'))) printed.push((await lines.next()).value as string)
    const baseUrl = /base URL: (\S+)/.exec(printed.join('\n'))?.[1] as string
    expect(printed.join('\n')).toContain('token:    demo')
    const res = await fetch(`${baseUrl}/groups?count=1`, {
      headers: { authorization: 'Bearer demo' },
    })
    expect(await res.json()).toMatchObject({ total: 42, count: 1 })
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
  })

  it('prints JSON with --json and takes faults as JSON', async () => {
    const { lines, child } = run(['--json', '--fault', '{"type":"status","status":503,"nth":1}'])
    const { baseUrl, token } = JSON.parse((await lines.next()).value as string) as {
      baseUrl: string
      token: string
    }
    const status = async (): Promise<number> => (await fetch(`${baseUrl}/groups`, { headers: { authorization: `Bearer ${token}` } })).status
    expect(await status()).toBe(503)
    expect(await status()).toBe(200)
    child.kill('SIGINT')
    expect((await once(child, 'exit'))[0]).toBe(0)
  })

  it('exits with 2 and says why on a bad option', async () => {
    const { child, stderr } = run(['--groups', 'many'])
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(stderr()).toContain('--groups')
  })
})
