import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules (contrast included) plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export interface AuditFinding {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/**
 * Runs axe-core on the page as it is and returns its serious and critical findings, each with
 * the elements concerned, so that a failing test says what to fix and where.
 */
export async function seriousViolations(page: Page): Promise<AuditFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 8)
        .map((node) => `${node.target.join(' ')} :: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
}
