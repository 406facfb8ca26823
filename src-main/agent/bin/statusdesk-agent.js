#!/usr/bin/env node
// The `statusdesk-agent` command: the agent as built (`npm run build`, or `npm run agent` once),
// from this package's out/ folder (STATUSDESK_OUT_DIR names another, as for the build).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const entry = resolve(root, process.env['STATUSDESK_OUT_DIR'] ?? 'out', 'main', 'agent.js')
if (!existsSync(entry)) {
  // developer-only: a checkout run before its build; the built agent speaks the operator's language.
  process.stderr.write(`statusdesk-agent: ${entry} is missing; build it first with npm run build\n`)
  process.exit(1)
}
await import(pathToFileURL(entry).href)
