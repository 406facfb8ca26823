/**
 * The languages of the terminal web mode runs in, best first, as language tags. Web mode
 * speaks before the settings are read (a usage error comes before anything else), so it
 * follows the terminal the way command-line programs do.
 */

/** "ru_RU.UTF-8" → "ru-RU", "sr_RS@latin" → "sr-RS"; "C", "POSIX" and what Intl refuses → null. */
export function posixLocaleTag(value: string): string | null {
  const name = value.trim().split(/[.@]/)[0]!
  if (name === '' || name === 'C' || name === 'POSIX') return null
  try {
    return Intl.getCanonicalLocales(name.replace(/_/g, '-'))[0] ?? null
  } catch {
    return null
  }
}

function isPlainC(value: string): boolean {
  const name = value.trim().split(/[.@]/)[0]
  return name === 'C' || name === 'POSIX'
}

/**
 * LC_ALL, else LC_MESSAGES, else LANG names the locale; LANGUAGE ("ru:en") ranks languages
 * before it, except under the "C" locale, which gettext takes as "no translation wanted".
 * With nothing usable, the default Intl reports (on Windows, the system's own language).
 */
export function terminalLanguages(
  env: Readonly<Record<string, string | undefined>>,
  fallback: string = new Intl.DateTimeFormat().resolvedOptions().locale,
): string[] {
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => value !== undefined && value.trim() !== '')
  const preferred = locale !== undefined && isPlainC(locale) ? [] : (env['LANGUAGE'] ?? '').split(':')
  const tags = [...preferred, locale ?? ''].map(posixLocaleTag).filter((tag): tag is string => tag !== null)
  const unique = [...new Set(tags)]
  return unique.length > 0 ? unique : [fallback]
}
