import { describe, expect, it } from 'vitest'
import { WEB_USAGE, WebUsageError, parseWebOptions } from '../../../../src-main/web/options'

/** The usage error `run` throws: its text is a key and parameters, its message the key for logs. */
function usageError(run: () => unknown): WebUsageError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(WebUsageError)
    const usage = error as WebUsageError
    expect(usage.message.startsWith(usage.text.key)).toBe(true)
    return usage
  }
  throw new Error('no usage error')
}

describe('web mode options', () => {
  it('takes --port N, and no port means "the last one, when free"', () => {
    expect(parseWebOptions(['--port', '4567'], {}).port).toBe(4567)
    expect(parseWebOptions(['--port=4568'], {}).port).toBe(4568)
    expect(parseWebOptions([], {}).port).toBeNull()
    expect(parseWebOptions(['--port', '0'], {}).port).toBe(0)
  })

  it('honours `npm run start:web --port N`: npm 11 sets npm_config_port=true and passes N on', () => {
    expect(parseWebOptions(['--open', '4567'], { npm_config_port: 'true' })).toMatchObject({
      port: 4567,
      open: true,
    })
    expect(usageError(() => parseWebOptions(['--open', 'abc'], { npm_config_port: 'true' })).text).toEqual({
      key: 'desktop.web.usage.badNpmPort',
      params: { tool: 'npm', option: '--port', value: 'abc' },
    })
    expect(usageError(() => parseWebOptions(['--open'], { npm_config_port: 'true' })).text.key).toBe('desktop.web.usage.badNpmPort')
  })

  it('honours `npm run start:web --port=N`, which npm passes as npm_config_port=N', () => {
    expect(parseWebOptions(['--open'], { npm_config_port: '4567' })).toMatchObject({
      port: 4567,
      open: true,
    })
    expect(parseWebOptions([], { npm_config_port: '' }).port).toBeNull()
    // The flag itself wins over npm's setting.
    expect(parseWebOptions(['--port', '5000'], { npm_config_port: '4567' }).port).toBe(5000)
  })

  it('refuses a port that is not one, in a sentence that says which and why', () => {
    for (const [argv, env] of [
      [['--port', 'abc'], {}],
      [['--port', '70000'], {}],
      [['--port', '-1'], {}],
      [[], { npm_config_port: 'true' }],
    ] as const) {
      expect(() => parseWebOptions(argv, env)).toThrow(WebUsageError)
    }
    expect(usageError(() => parseWebOptions([], { npm_config_port: '99999' })).text).toEqual({
      key: 'desktop.web.usage.badNpmPort',
      params: { tool: 'npm', option: '--port', value: '99999' },
    })
    expect(usageError(() => parseWebOptions(['--port', 'x'], {})).text).toEqual({
      key: 'desktop.web.usage.badPort',
      params: { option: '--port', value: 'x' },
    })
  })

  it('turns an unknown flag or a stray argument into a usage error, not a stack trace', () => {
    expect(() => parseWebOptions(['--prot', '1'], {})).toThrow(WebUsageError)
    expect(usageError(() => parseWebOptions(['4567'], {})).text).toEqual({
      key: 'desktop.web.usage.unexpectedArgument',
      params: { argument: '4567', options: WEB_USAGE },
    })
    expect(() => parseWebOptions(['1', '2'], { npm_config_port: 'true' })).toThrow(WebUsageError)
  })

  it("names the option Node could not read, and keeps Node's own English words as the detail only", () => {
    const unknown = usageError(() => parseWebOptions(['--prot', '1'], {}))
    expect(unknown.text).toEqual({ key: 'desktop.web.usage.unknownOption', params: { option: '--prot', options: WEB_USAGE } })
    expect(unknown.detail).toMatch(/Unknown option '--prot'/)
    expect(usageError(() => parseWebOptions(['-x'], {})).text.params).toMatchObject({ option: '-x' })
    expect(usageError(() => parseWebOptions(['--data-dir'], {})).text).toEqual({
      key: 'desktop.web.usage.missingValue',
      params: { option: '--data-dir' },
    })
    expect(usageError(() => parseWebOptions(['--open=yes'], {})).text).toEqual({
      key: 'desktop.web.usage.noValue',
      params: { option: '--open' },
    })
  })

  it('reads the data folder and the json and open switches', () => {
    expect(parseWebOptions(['--data-dir', '/tmp/x', '--json'], {})).toEqual({
      port: null,
      dataDir: '/tmp/x',
      open: false,
      json: true,
    })
  })
})
