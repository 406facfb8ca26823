import { describe, expect, it } from 'vitest'
import { loaderFlags, workerExecArgv } from '../../../../../src-main/platform/worker/start-worker'

describe('the Node flags a worker of the sources starts with', () => {
  it('leave out whatever loads tsx, in any spelling, and keep the rest', () => {
    expect(
      workerExecArgv([
        '--import',
        'tsx',
        '--cpu-prof',
        '--require=tsx/cjs',
        '--import',
        './other-hook.mjs',
        '--loader=tsx/esm',
        '-r',
        'tsx',
        '--conditions',
        'development',
        '--import=./setup.mjs',
      ]),
    ).toEqual(['--cpu-prof', '--import', './other-hook.mjs', '--conditions', 'development', '--import=./setup.mjs'])
  })

  it('keep only the flags that load code when a worker refuses the rest', () => {
    expect(loaderFlags(['--expose-gc', '--import', './hook.mjs', '--max-semi-space-size=4', '--require=./r.cjs', '--cpu-prof'])).toEqual([
      '--import',
      './hook.mjs',
      '--require=./r.cjs',
    ])
  })

  it('start a worker of the sources in a process started with a flag workers refuse', async () => {
    const { startWorkerBeside } = await import('../../../../../src-main/platform/worker/start-worker')
    const here = new URL('../../../../../src-main/features/groups/sync/page-parser.ts', import.meta.url).href
    const worker = startWorkerBeside(here, 'page-worker', { execArgv: ['--expose-gc'] })
    const exit = new Promise<number>((resolve) => worker.once('exit', resolve))
    await worker.terminate()
    expect(typeof (await exit)).toBe('number')
  })
})
