#!/usr/bin/env node
// The `statusdesk-agent` command, and the one way the agent is started (npm run agent, the
// Dockerfile, the systemd unit, the benchmarks): the agent as built (`npm run build`) from this
// package's out/ folder (STATUSDESK_OUT_DIR names another, as for the build).
//
// Some settings only count when the process starts (V8 sizes its heap and its thread pool, glibc
// its malloc arenas, before any script runs), so this command starts Node again with them and
// the agent in it. docs/PERFORMANCE.md (the agent at rest) has what each saves.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Node's flags for the agent: a small young generation (as web mode's), and one V8 worker thread, whose malloc arena and stack an agent at rest does not need. */
const NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=1']
/** The environment it starts with: two malloc arenas, not eight per core, for V8's and libuv's threads. A value the operator set wins. */
const ENVIRONMENT = { MALLOC_ARENA_MAX: '2' }
/** Set in the agent's own process: there the settings are in effect, so the agent is loaded, not started again. */
const STARTED = 'STATUSDESK_AGENT_STARTED'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const entry = resolve(root, process.env['STATUSDESK_OUT_DIR'] ?? 'out', 'main', 'agent.js')
if (!existsSync(entry)) {
  // developer-only: a checkout run before its build; the built agent speaks the operator's language.
  process.stderr.write(`statusdesk-agent: ${entry} is missing; build it first with npm run build\n`)
  process.exit(1)
}

if (process.env[STARTED] === '1') {
  await import(pathToFileURL(entry).href)
} else {
  // Flags given to this node (`node --cpu-prof statusdesk-agent.js`) are kept, after ours so they win.
  const args = [...NODE_FLAGS, ...process.execArgv, entry, ...process.argv.slice(2)]
  const env = { ...ENVIRONMENT, ...process.env, [STARTED]: '1' }
  if (typeof process.execve === 'function') {
    // Node 22.15 and later: the agent replaces this process (same pid, signals and exit code its own).
    process.execve(process.execPath, [process.execPath, ...args], env)
  } else {
    startChild(args, env)
  }
}

/** Older Node: the agent as a child, given the terminal, this process's signals, and its exit code or signal back. */
function startChild(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: 'inherit' })
  const forward = (signal) => child.kill(signal)
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2']
  for (const signal of signals) process.on(signal, forward)
  child.once('error', (error) => {
    process.stderr.write(`statusdesk-agent: ${error.message}\n`)
    process.exit(1)
  })
  child.once('exit', (code, signal) => {
    for (const each of signals) process.off(each, forward)
    if (signal !== null) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
}
