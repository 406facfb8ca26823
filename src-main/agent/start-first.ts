/**
 * Imported first by the agent's entry: the restart that gives the process its start settings
 * (platform/start-settings.ts) comes before any other module of the entry does its work.
 * A young generation of 4 MB as web mode's, and one V8 helper thread, whose malloc arena and
 * stack an agent at rest does not need (docs/PERFORMANCE.md, the agent at rest).
 */
import { restartWithStartSettings } from '../platform/start-settings'

restartWithStartSettings({ nodeFlags: ['--max-semi-space-size=4', '--v8-pool-size=1'] })
