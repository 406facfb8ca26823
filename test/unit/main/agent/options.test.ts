import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  AgentRefusal,
  DEFAULT_LATE_MINUTES,
  DEFAULT_PORT,
  defaultAgentDataDir,
  parseAgentOptions,
  parseListen,
} from '../../../../src-main/agent/options'

const refusalOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(AgentRefusal)
    return (error as AgentRefusal).text
  }
  throw new Error('not refused')
}

describe("the agent's options", () => {
  it('listen on this machine, on a fixed port, in plain HTTP, with the OS data folder and no groups sync, unless told', () => {
    expect(parseAgentOptions([], { XDG_DATA_HOME: '/data' })).toEqual(
      process.platform === 'linux'
        ? {
            dataDir: join('/data', 'statusdesk-agent'),
            host: '127.0.0.1',
            port: DEFAULT_PORT,
            syncGroups: false,
            tls: { kind: 'none' },
            lateMinutes: DEFAULT_LATE_MINUTES,
          }
        : expect.objectContaining({ host: '127.0.0.1', port: DEFAULT_PORT, syncGroups: false }),
    )
    expect(defaultAgentDataDir({}, 'linux')).toMatch(/\.local[/\\]share[/\\]statusdesk-agent$/)
    expect(parseAgentOptions(['--data-dir', '/srv/agent', '--listen', 'localhost:9000', '--sync-groups', '--json'], {})).toEqual({
      dataDir: '/srv/agent',
      host: 'localhost',
      port: 9000,
      syncGroups: true,
      tls: { kind: 'none' },
      lateMinutes: DEFAULT_LATE_MINUTES,
    })
  })

  it('take a restart allowance in whole minutes from 0 to a day, and refuse anything else in words', () => {
    expect(DEFAULT_LATE_MINUTES).toBe(10)
    expect(parseAgentOptions(['--late-minutes', '0'], {}).lateMinutes).toBe(0)
    expect(parseAgentOptions(['--late-minutes', ' 1440 '], {}).lateMinutes).toBe(1440)
    for (const value of ['-1', '1441', '2.5', '1e3', 'ten', '', '0x10', '99999']) {
      expect(refusalOf(() => parseAgentOptions([`--late-minutes=${value}`], {}))).toEqual({
        key: 'desktop.agent.usage.badLateMinutes',
        params: { option: '--late-minutes', max: 1440, value },
      })
    }
  })

  it('read HOST:PORT, [::1]:PORT and a port alone', () => {
    expect(parseListen('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 })
    expect(parseListen('[::1]:8080')).toEqual({ host: '::1', port: 8080 })
    expect(parseListen('8080')).toEqual({ host: '127.0.0.1', port: 8080 })
    expect(parseListen(':0')).toEqual({ host: '127.0.0.1', port: 0 })
  })

  it('refuse a host other than this machine in words without TLS, and take it with TLS', () => {
    for (const value of ['0.0.0.0:8731', '192.168.1.5:8731', '[::]:8731', 'agent.example.com:443']) {
      expect(refusalOf(() => parseAgentOptions(['--listen', value], {})).key).toBe('desktop.agent.usage.notLoopback')
      expect(parseAgentOptions(['--listen', value, '--tls'], {}).tls).toEqual({ kind: 'own' })
      expect(parseAgentOptions(['--listen', value, '--tls-cert', 'c.pem', '--tls-key', 'k.pem'], {}).tls).toEqual({
        kind: 'operator',
        certFile: 'c.pem',
        keyFile: 'k.pem',
      })
    }
    expect(parseAgentOptions([], {}).tls).toEqual({ kind: 'none' })
  })

  it('refuse a certificate without its key, a key without its certificate, or both with --tls', () => {
    for (const args of [
      ['--tls-cert', 'c.pem'],
      ['--tls-key', 'k.pem'],
      ['--tls', '--tls-cert', 'c.pem', '--tls-key', 'k.pem'],
    ]) {
      expect(refusalOf(() => parseAgentOptions(args, {})).key).toBe('desktop.agent.usage.tlsPair')
    }
  })

  it('refuse what they cannot read, naming it', () => {
    for (const value of ['127.0.0.1', '127.0.0.1:65536', '127.0.0.1:port', 'a:b:c']) {
      expect(refusalOf(() => parseListen(value))).toMatchObject({ key: 'desktop.agent.usage.badListen', params: { value } })
    }
    expect(refusalOf(() => parseAgentOptions(['--port', '1'], {}))).toMatchObject({
      key: 'desktop.agent.usage.unknownOption',
      params: { option: '--port' },
    })
    expect(refusalOf(() => parseAgentOptions(['--listen'], {}))).toMatchObject({ key: 'desktop.agent.usage.missingValue' })
    expect(refusalOf(() => parseAgentOptions(['--sync-groups=yes'], {}))).toMatchObject({ key: 'desktop.agent.usage.noValue' })
    expect(refusalOf(() => parseAgentOptions(['serve'], {}))).toMatchObject({
      key: 'desktop.agent.usage.unexpectedArgument',
      params: { argument: 'serve' },
    })
  })
})
