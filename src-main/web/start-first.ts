/**
 * Imported first by web mode's entry: the restart that gives the process its start settings
 * (platform/start-settings.ts) comes before any other module of the entry does its work.
 */
import { WEB_START, restartWithStartSettings } from '../platform/start-settings'

restartWithStartSettings(WEB_START)
