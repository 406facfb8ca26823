/**
 * `npm run bench`: runs every test/bench/*.bench.ts in its own Node process (so one
 * benchmark's heap and timers never colour another's) and lets each print its own table.
 * `npm run bench -- sync` runs only the benchmarks whose file name contains "sync".
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2] ?? ''
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n== ${file}`)
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
  })
  if (run.status !== 0) failed++
}
if (files.length === 0) console.log(`no benchmark matches "${filter}"`)
process.exit(failed === 0 ? 0 : 1)
