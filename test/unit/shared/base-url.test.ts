import { describe, expect, it } from 'vitest'
import { isSecureBaseUrl } from '@shared/base-url'

describe('isSecureBaseUrl', () => {
  it.each(['https://gate.whapi.cloud', 'https://10.0.0.5:8443/api', 'http://127.0.0.1:4010', 'http://localhost:8080', 'http://[::1]:9000'])(
    'accepts %s',
    (url) => expect(isSecureBaseUrl(url)).toBe(true),
  )

  it.each(['http://gate.whapi.cloud', 'http://192.168.1.10', 'http://127.0.0.1.evil.example', 'ftp://127.0.0.1', 'gate.whapi.cloud', ''])(
    'refuses %s, which would send the token in clear or nowhere sensible',
    (url) => expect(isSecureBaseUrl(url)).toBe(false),
  )
})
