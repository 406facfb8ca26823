import accounts from './accounts'
import app from './app'
import broadcast from './broadcast'
import diagnostics from './diagnostics'
import feed from './feed'
import frame from './frame'
import groups from './groups'
import schedule from './schedule'
import stories from './stories'
import time from './time'
import web from './web'

/** Indonesian. */
export default {
  ...app,
  ...accounts,
  ...frame,
  ...groups,
  ...stories,
  ...schedule,
  ...broadcast,
  ...feed,
  ...diagnostics,
  ...web,
  ...time,
}
