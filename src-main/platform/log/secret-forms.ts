/**
 * The ways a server may quote a secret back: as it is, percent-encoded (a URL it echoes),
 * hex, and base64 or base64url, including inside a longer base64 text (a `Basic` header or
 * a JSON payload encoded whole), where the secret's bytes may start at any of three
 * offsets. Longest first, so a longer form is blanked before a shorter one inside it.
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return []
  const bytes = Buffer.from(secret, 'utf8')
  const forms = new Set<string>([secret])
  const percent = encodeURIComponent(secret)
  forms.add(percent)
  forms.add(percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()))
  const hex = bytes.toString('hex')
  forms.add(hex)
  forms.add(hex.toUpperCase())
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64')
    // Only the characters made of the secret's bits alone: the first ones carry bits of
    // whatever came before it, the last ones bits of whatever follows.
    const first = Math.ceil((8 * offset) / 6)
    const last = Math.floor((8 * (offset + bytes.length)) / 6)
    const core = encoded.slice(first, last)
    if (core.length < 8) continue
    forms.add(core)
    forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return [...forms].sort((a, b) => b.length - a.length)
}
