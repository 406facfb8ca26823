import { MESSAGE_LOCALES } from './locales'

/** How vue-i18n and intlify pick a plural form: the index of the form for `choice` among `choicesLength`. */
export type PluralizationRule = (choice: number, choicesLength: number) => number

/**
 * The plural categories each translation writes its forms in, in order. A message with one
 * form more than its language has categories starts with a form for zero ("No groups | ...").
 * Russian needs three forms (1 час, 2 часа, 5 часов), Arabic six (zero, one, two, few, many,
 * other); Indonesian does not inflect, so one form (or a zero form and one).
 */
const CATEGORIES: Record<string, readonly Intl.LDMLPluralRule[]> = {
  en: ['one', 'other'],
  es: ['one', 'other'],
  pt: ['one', 'other'],
  ru: ['one', 'few', 'many'],
  id: ['other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
}

/** Forms to use for a category a language's list above does not name (e.g. Russian fractions, Spanish millions). */
const STAND_IN: Partial<Record<Intl.LDMLPluralRule, Intl.LDMLPluralRule>> = { other: 'many', many: 'other' }

/** The plural categories a translation's counted messages give forms for, in order. */
export function pluralCategories(locale: string): readonly Intl.LDMLPluralRule[] {
  return CATEGORIES[locale.split('-')[0]!.toLowerCase()] ?? CATEGORIES['en']!
}

export function pluralRuleFor(locale: string): PluralizationRule {
  const language = locale.split('-')[0]!.toLowerCase()
  const categories = pluralCategories(locale)
  // CLDR counts 0 as singular in Brazilian Portuguese; Brazilians write "0 grupos", as in Portugal.
  const rules = new Intl.PluralRules(language === 'pt' ? 'pt-PT' : locale)
  return (choice, choicesLength) => {
    const count = Math.abs(choice)
    const hasZeroForm = choicesLength === categories.length + 1
    if (hasZeroForm && count === 0) return 0
    const category = rules.select(count)
    let index = categories.indexOf(category)
    if (index < 0) index = categories.indexOf(STAND_IN[category] ?? 'other')
    if (index < 0) index = categories.length - 1
    return Math.min(index + (hasZeroForm ? 1 : 0), choicesLength - 1)
  }
}

/** vue-i18n looks a rule up by the locale the message was found in: one per translation. */
export function pluralRules(): Record<string, PluralizationRule> {
  return Object.fromEntries(MESSAGE_LOCALES.map((code) => [code, pluralRuleFor(code)]))
}
