import { hashSeed, type Rng } from './prng'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const HEX = '0123456789abcdef'
const GROUP_SPACE = 10n ** 12n
// Odd and not a multiple of 5, so multiplying by it permutes 0..10^12-1: ids never collide.
const GROUP_STRIDE = 738_219_846_133n

export function randomString(rng: Rng, length: number, alphabet = ALNUM): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[rng.int(0, alphabet.length - 1)]
  return out
}

export const randomHex = (rng: Rng, length: number): string => randomString(rng, length, HEX)

/** The digits of a group id: `120363` and twelve digits unique to (seed, index). */
export function groupDigits(seed: number, index: number): string {
  const offset = BigInt(hashSeed(seed, 'group-ids')) * 232_792_561n
  const n = (BigInt(index) * GROUP_STRIDE + offset) % GROUP_SPACE
  return `120363${n.toString().padStart(12, '0')}`
}

export const groupId = (seed: number, index: number): string => `${groupDigits(seed, index)}@g.us`

/** Shaped like the provider's message ids, which its MessageID pattern accepts. */
export const messageId = (rng: Rng): string => `${randomString(rng, 16)}-${randomString(rng, 12)}`

/** `<extension>-<hex>`, the provider's MediaID form. */
export const mediaId = (rng: Rng, extension: string): string => `${extension}-${randomHex(rng, 24)}`

export const inviteCode = (rng: Rng): string => randomString(rng, 22)

export const newsletterId = (rng: Rng): string => `${rng.int(1, 9)}${randomString(rng, 17, '0123456789')}@newsletter`

export const numericId = (rng: Rng, length: number): string => `${rng.int(1, 9)}${randomString(rng, length - 1, '0123456789')}`
