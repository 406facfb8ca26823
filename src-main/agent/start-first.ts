/**
 * Imported first by the agent's entry: the restart that gives the process its start settings
 * (platform/start-settings.ts) comes before any other module of the entry does its work.
 */
import { AGENT_START, restartWithStartSettings } from '../platform/start-settings'

restartWithStartSettings(AGENT_START)
