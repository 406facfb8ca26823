import accounts from './accounts'
import app from './app'
import diagnostics from './diagnostics'
import frame from './frame'
import groups from './groups'
import stories from './stories'
import web from './web'

/** Indonesian. */
export default {
  ...app,
  ...accounts,
  ...frame,
  ...groups,
  ...stories,
  ...diagnostics,
  ...web,
}
