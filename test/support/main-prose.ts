/**
 * Counts the English sentences main could show a user: string literals in src-main that read
 * as prose, outside the places only a developer reads (log calls, plain `Error`s, the emulator
 * and the launcher). Main speaks to users in message keys, so the count should be 0.
 *
 *   npx tsx test/support/main-prose.ts        prints the count and each place
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export interface ProseSite {
  file: string
  line: number
  text: string
}

/** Folders of src-main no user reads: the emulator is a test server, the launcher a dev tool, resources build icons. */
const DEVELOPER_ONLY = new Set(['emulator', 'launcher', 'resources'])

/** Words any English sentence is all but sure to hold; a literal without one is a name, a path or a format. */
const FUNCTION_WORDS =
  /\b(the|a|an|is|are|was|not|no|could|can|cannot|be|to|of|and|or|this|that|it|its|your|you|try|again|before|after|while|was|has|have|for|from|with|into|yet|does|do|only|than|too)\b/i

/** A key of the catalogs, or a dotted name. */
const KEY = /^[\w-]+(\.[\w-]+)+$/
/** An HTTP header's value: "private, no-cache", "max-age=0, must-revalidate". */
const HEADER_VALUE = /^[a-z-]+(=\S+)?(, ?[a-z-]+(=\S+)?)*$/

/** Calls whose text is for the developer: logs and assertions. */
const DEVELOPER_CALLEES = /(^|[.#])(log|logger|console)\.\w+$|(^|[.#])(debug|trace|logFailure)$/

/** Errors whose message only a developer reads: plain errors, and the internal reasons a worker stopped or a column file is rebuilt. */
const DEVELOPER_ERRORS = /^(Error|TypeError|RangeError|SyntaxError|WorkerStopped|ColumnFileUnusable)$/

/** Properties that document a declaration for developers (the file registry's `what`, feeding docs/REFERENCE.md). */
const DEVELOPER_PROPERTIES = new Set(['what'])

/** A comment that marks the next statement's text as read by developers only, saying why. */
const DEVELOPER_MARK = /\/\/ developer-only: \S/

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ')
  return null
}

export function readsAsProse(text: string): boolean {
  const words = text.match(/[A-Za-z][A-Za-z'’]+/g) ?? []
  return words.length >= 3 && / /.test(text) && FUNCTION_WORDS.test(text) && !KEY.test(text) && !HEADER_VALUE.test(text)
}

/** Whether the literal sits where only a developer reads it. */
function developerOnly(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && DEVELOPER_CALLEES.test(at.expression.getText())) return true
    // An Error subclass's own message: its user-facing text is a key beside it.
    if (ts.isCallExpression(at) && at.expression.kind === ts.SyntaxKind.SuperKeyword) return true
    if (ts.isPropertyAssignment(at) && DEVELOPER_PROPERTIES.has(at.name.getText())) return true
    if (ts.isNewExpression(at) && DEVELOPER_ERRORS.test(at.expression.getText())) return true
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return true
    if (ts.isStatement(at) && DEVELOPER_MARK.test(at.getFullText().slice(0, at.getLeadingTriviaWidth()))) return true
    // A mark covers the statement it precedes, callbacks inside it included, but not a whole function.
    if (ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at) || ts.isClassDeclaration(at)) break
  }
  return false
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!DEVELOPER_ONLY.has(entry.name)) yield* sourceFiles(path)
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path
  }
}

export function findMainProse(root = 'src-main'): ProseSite[] {
  const sites: ProseSite[] = []
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      const text = literalText(node)
      if (text !== null && readsAsProse(text) && !developerOnly(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart())
        sites.push({ file: relative(process.cwd(), file), line: line + 1, text })
      }
      if (text === null) ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return sites
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sites = findMainProse()
  for (const site of sites) console.log(`${site.file}:${site.line}  ${site.text.slice(0, 110)}`)
  console.log(`\n${sites.length} English user-facing strings produced in main`)
}
