import type { insightsChannels } from '@shared/channels/insights'
import type { InsightsService } from '../features/insights/insights-service'
import type { Handlers } from './dispatch'

/** What each story reached, kept after it expired; and when the account's viewers look. */
export function insightsHandlers(insights: InsightsService): Pick<Handlers, keyof typeof insightsChannels> {
  return {
    'insights:overview': (scope) => insights.overview(scope),
    'insights:stories': (args) => insights.stories(args),
    'insights:reach-curve': (args) => insights.reachCurve(args),
    'insights:best-times': (args) => insights.bestTimes(args),
    'insights:overview-each': (args) => insights.overviewEach(args),
    'insights:stories-each': (args) => insights.storiesEach(args),
    'insights:best-times-each': (args) => insights.bestTimesEach(args),
    'insights:stories-across': (args) => insights.storiesAcross(args),
    'insights:export': (args) => insights.export(args),
  }
}
