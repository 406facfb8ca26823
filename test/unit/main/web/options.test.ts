import { describe, expect, it } from 'vitest'
import { WebUsageError, parseWebOptions } from '../../../../src-main/web/options'

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
    expect(() => parseWebOptions(['--open', 'abc'], { npm_config_port: 'true' })).toThrow(/port given to npm/)
    expect(() => parseWebOptions(['--open'], { npm_config_port: 'true' })).toThrow(/port given to npm/)
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
    expect(() => parseWebOptions([], { npm_config_port: '99999' })).toThrow(/port given to npm .* 1 to 65535.*"99999"/)
    expect(() => parseWebOptions(['--port', 'x'], {})).toThrow(/--port must be a port number/)
  })

  it('turns an unknown flag or a stray argument into a usage error, not a stack trace', () => {
    expect(() => parseWebOptions(['--prot', '1'], {})).toThrow(WebUsageError)
    expect(() => parseWebOptions(['4567'], {})).toThrow(/Unexpected argument "4567"/)
    expect(() => parseWebOptions(['1', '2'], { npm_config_port: 'true' })).toThrow(WebUsageError)
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
