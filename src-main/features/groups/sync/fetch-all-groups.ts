import type { Group, ParsedGroupsPage } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import {
  DEFAULT_PAGING_LIMITS,
  type Budget,
  type FetchAllOptions,
  type FetchedGroups,
  type GroupsSource,
  type PageFacts,
  type PageSink,
  type PageSource,
  type PagesRead,
} from './paging'
import { readPass } from './read-pass'

const DEFAULT_MAX_PASSES = 3

/**
 * Reads every group with offset paging. The first page (of `pageSize`) gives the total;
 * the remaining pages then go `concurrency` at a time, and paging continues past that
 * total until a short page, since `total` can change while the list is read. Offsets
 * shift when groups come or go mid-pass (a group can be read twice or skipped), so a pass
 * that saw the total change, a duplicate, or a count that disagrees with the total is
 * done again; the result is the first pass that read a list that held still.
 */
export async function fetchAllGroups(source: GroupsSource, options: FetchAllOptions = {}): Promise<FetchedGroups> {
  let pages = new Map<number, ParsedGroupsPage>()
  let current = 0
  const read = await readAllPages(source, options, (page, offset, pass) => {
    if (pass !== current) {
      pages = new Map()
      current = pass
    }
    pages.set(offset, page)
  })
  const groups = read.kept.flatMap(({ offset, indexes }) => {
    const page = pages.get(offset) as ParsedGroupsPage
    return indexes.map((index) => page.groups[index] as Group)
  })
  const { rejected, total, passes, requests } = read
  return { groups, rejected, total, passes, requests }
}

/**
 * fetchAllGroups without holding the pages: each goes to `sink` as it arrives, and what
 * is kept here is only what paging needs (ids, totals, what was set aside).
 */
export async function readAllPages<P extends PageFacts>(
  source: PageSource<P>,
  options: FetchAllOptions,
  sink: PageSink<P>,
): Promise<PagesRead> {
  const maxPasses = options.maxPasses ?? DEFAULT_MAX_PASSES
  const budget: Budget = {
    limits: { ...DEFAULT_PAGING_LIMITS, ...options.limits },
    requests: 0,
    bytes: 0,
  }
  let requests = 0
  for (let passNumber = 1; ; passNumber++) {
    const pass = await readPass(source, options, budget, (page, offset) => sink(page, offset, passNumber))
    requests += pass.requests
    if (pass.consistent) {
      return {
        kept: pass.kept,
        ids: pass.ids,
        rejected: pass.rejected,
        total: pass.total,
        passes: passNumber,
        requests,
      }
    }
    if (passNumber >= maxPasses) {
      throw new AppError('conflict', userText('groupErrors.sync.keptChanging'), { passes: passNumber })
    }
  }
}
