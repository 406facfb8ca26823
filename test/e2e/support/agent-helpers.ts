import type { Page } from '@playwright/test'
import type { AgentProcess } from '../../support/agent-process'
import { expect } from './fixtures'

/** What the agent specs do on a desktop's page: pair it with the agent, and plan a story for a wall time. */

/** Plans a text story from the composer for `wall` (the picker's value) and waits until it is scheduled. */
export async function plan(page: Page, caption: string, wall: string): Promise<void> {
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-text').click()
  await page.getByTestId('story-text').fill(caption)
  await page.getByTestId('story-schedule-toggle').check()
  await page.getByTestId('story-schedule-at').fill(wall)
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'scheduled')
}

/** Pairs the page's desktop with the agent from Settings, as `personName` on `deviceName`, with the code the agent printed last. */
export async function pairWithAgent(page: Page, agent: AgentProcess, deviceName = 'Front desk', personName = 'Ana'): Promise<void> {
  await page.getByTestId('nav-settings').click()
  const section = page.getByRole('region', { name: 'Agent', exact: true })
  await section.getByLabel('Agent address').fill(agent.url)
  await section.getByLabel('Pairing code').fill(agent.pairingCode())
  await section.getByLabel('This computer’s name').fill(deviceName)
  await section.getByLabel('Your name').fill(personName)
  await section.getByText('Store it with weak protection').click()
  await section.getByRole('button', { name: 'Pair' }).click()
  await expect(section.getByTestId('agent-paired')).toBeVisible()
}
