import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AgentProcess, startAgentProcess } from '../support/agent-process'
import { expect, test } from './support/fixtures'

test.use({ connection: { label: 'Shop', storage: 'weak' } })

let root = ''
let agent: AgentProcess

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-e2e-agent-'))
  agent = await startAgentProcess(join(root, 'data'), { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64') })
})
test.afterAll(async () => {
  await agent?.stop()
  await rm(root, { recursive: true, force: true })
})

test('pairs with the agent from Settings → Agent, keeps the token out of the page, and forgets it on both sides', async ({
  connectedPage: page,
  app,
}) => {
  test.setTimeout(120_000)
  await page.getByTestId('nav-settings').click()
  const section = page.getByRole('region', { name: 'Agent', exact: true })
  await expect(section.getByText('This computer is not paired with an agent.')).toBeVisible()
  await section.getByLabel('Agent address').fill(agent.url)
  await section.getByLabel('Pairing code').fill(agent.pairingCode())
  await section.getByLabel('This computer’s name').fill('Front desk')
  await section.getByLabel('Your name').fill('Ana')
  // Web mode has no keyring: the user chooses how the token is kept.
  await section.getByRole('button', { name: 'Pair' }).click()
  await expect(section.getByText('Choose how to keep the token before connecting.')).toBeVisible()
  await section.getByText('Store it with weak protection').click()
  await section.getByRole('button', { name: 'Pair' }).click()
  await expect(section.getByTestId('agent-paired')).toContainText(`Paired with ${agent.url} by Ana as “Front desk”`)
  await expect(section.getByTestId('agent-reachable')).toBeVisible()

  const stored = JSON.parse(await readFile(join(app.dataDir, 'agent.json'), 'utf8')) as { token: string; deviceId: string }
  expect(stored.token).toMatch(/^v1:weak:/)
  const token = Buffer.from(stored.token.slice('v1:weak:'.length), 'base64').toString()
  expect(await agent.call<{ transport: string }>(token, 'app:info')).toMatchObject({ transport: 'agent' })
  expect(await page.content()).not.toContain(token)

  await section.getByRole('button', { name: 'Check now' }).click()
  await expect(section.getByTestId('agent-reachable')).toBeVisible()
  await section.getByRole('button', { name: 'Forget this agent' }).click()
  await expect(section.getByTestId('agent-not-paired')).toBeVisible()
  expect((await agent.request('/api/invoke/app:info', { token, body: { arg: null } })).status).toBe(403)
})
