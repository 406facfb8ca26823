import { expect, type Locator } from '@playwright/test'

/**
 * Technical names that Russian and Arabic write in Latin letters too ("QR-код", "رمز QR",
 * "API-токен"): no translation would spell them otherwise.
 */
const INTERNATIONAL_TERMS = ['QR', 'API', 'HTTP', 'HTTPS', 'JSON']

/**
 * What of a text shown to the user still reads as English: every run of two or more Latin
 * letters once the data in it is set aside. Data is what the app passes through rather than
 * says: addresses, hosts, numbers, file names, the product's name, and the strings a caller
 * names (a server's own words, quoted after "the server said"; an error code).
 */
export function englishWords(text: string, data: readonly string[] = []): string[] {
  let rest = text
  // Longest first, so a server message is not left half stripped by a shorter one inside it.
  for (const item of [...data].sort((a, b) => b.length - a.length)) if (item) rest = rest.split(item).join(' ')
  rest = rest
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g, ' ')
    .replace(/\blocalhost(?::\d+)?\b/gi, ' ')
    // Our own files, named when one is set aside: "settings.json.unreadable-2025-…".
    .replace(/\S*\.(?:json|jsonl|snapshot)\b\S*/gi, ' ')
    .replace(/\bStatusdesk\b/g, ' ')
    .replace(/\d+/g, ' ')
  const words = (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !INTERNATIONAL_TERMS.includes(word))
  return [...new Set(words)]
}

/**
 * Every text node under the element, in order, joined by spaces (so a headline and the
 * sentence under it do not run together), closed disclosures included: the user can open them.
 */
export async function shownText(target: Locator): Promise<string> {
  const text = await target.evaluate((root) => {
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const parts: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '')
    return parts.join(' ')
  })
  return text.replace(/\s+/g, ' ').trim()
}

/** A text seen by one step, and what in it reads as English. */
export interface Reading {
  step: string
  text: string
  english: string[]
}

/**
 * Reads the element's text and checks it is there and has no English. The English check is
 * soft: the test goes on to its other failures and reports every text that still has English.
 */
export async function expectNoEnglish(target: Locator, step: string, data: readonly string[] = []): Promise<Reading> {
  return expectTextNoEnglish(await shownText(target), step, data)
}

/** The same check for a text the page did not put in an element (a system notification's title and body). */
export function expectTextNoEnglish(text: string, step: string, data: readonly string[] = []): Reading {
  expect(text, `${step}: no text is shown`).not.toBe('')
  const english = englishWords(text, data)
  expect.soft(english, `${step}: English words ${JSON.stringify(english)} in “${text}”`).toEqual([])
  return { step, text, english }
}
