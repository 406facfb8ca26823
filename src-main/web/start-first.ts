/**
 * Imported first by web mode's entry: the restart that gives the process its start settings
 * (platform/start-settings.ts) comes before any other module of the entry does its work.
 * A young generation of 4 MB keeps about 25 MB of V8's scratch space from being resident, at
 * no CPU a sync shows (docs/PERFORMANCE.md); `npm run start:web` gives the same flag.
 */
import { restartWithStartSettings } from '../platform/start-settings'

restartWithStartSettings({ nodeFlags: ['--max-semi-space-size=4'] })
