import accounts from './accounts'
import agent from './agent'
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
import errors from './errors'
import apiErrors from './api-errors'
import accountErrors from './account-errors'
import groupErrors from './group-errors'
import storyErrors from './story-errors'
import mediaErrors from './media-errors'
import notices from './notices'
import desktop from './desktop'
import insights from './insights'
import insightsErrors from './insights-errors'
import queue from './queue'
import queueErrors from './queue-errors'

/** Indonesian. */
export default {
  ...app,
  ...accounts,
  ...agent,
  ...frame,
  ...groups,
  ...stories,
  ...schedule,
  ...broadcast,
  ...feed,
  ...diagnostics,
  ...web,
  ...time,
  ...errors,
  ...apiErrors,
  ...accountErrors,
  ...groupErrors,
  ...storyErrors,
  ...mediaErrors,
  ...notices,
  ...desktop,
  ...insights,
  ...insightsErrors,
  ...queue,
  ...queueErrors,
}
