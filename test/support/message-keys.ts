import ts from 'typescript'
import { parse as parseSfc } from 'vue/compiler-sfc'

/**
 * The message keys a source file asks for in literal form, for a test to check against the
 * English catalog: the first argument of a call that takes a key (`t('…')`, `userText('…')`,
 * a component's `counted('…', n)`), the fixed start of one built at run time
 * (`t(\`story.progressStep.${step}\`)`), and any other string written as a key of one of the
 * catalog's namespaces, three parts or more (`notice: 'notices.setAside.history'`; two parts
 * are as often a file's name, `groups.snapshot`). In .vue files the template's expressions
 * are read as well as the scripts.
 */
export interface KeyUse {
  file: string
  line: number
  /** The key, or for `prefix` the fixed start a key is built from (ending before its `${`). */
  key: string
  /** `call`: a whole key handed to a function that takes one; `prefix`: the start of one built at run time; `shape`: a string that reads as a key. */
  kind: 'call' | 'prefix' | 'shape'
}

/** Functions whose first argument is a message key. */
const KEY_CALLS = new Set(['t', '$t', 'te', 'tc', 'tm', 'userText', 'counted'])
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+){2,}$/

function scanCode(file: string, code: string, line0: number, namespaces: ReadonlySet<string>, uses: KeyUse[]): void {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 + line0
  const calleeName = (expression: ts.Expression): string | null =>
    ts.isIdentifier(expression) ? expression.text : ts.isPropertyAccessExpression(expression) ? expression.name.text : null
  const asArgument = new Set<ts.Node>()
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && KEY_CALLS.has(calleeName(node.expression) ?? '')) {
      const first = node.arguments[0]
      if (first && ts.isStringLiteralLike(first)) {
        uses.push({ file, line: lineOf(first), key: first.text, kind: 'call' })
        asArgument.add(first)
      } else if (first && ts.isTemplateExpression(first) && first.head.text !== '') {
        // A key wholly built at run time (`${section}.accounts.all`) says nothing here.
        uses.push({ file, line: lineOf(first), key: first.head.text, kind: 'prefix' })
      }
    }
    if (ts.isStringLiteralLike(node) && !asArgument.has(node) && KEY_SHAPE.test(node.text) && namespaces.has(node.text.split('.')[0]!)) {
      uses.push({ file, line: lineOf(node), key: node.text, kind: 'shape' })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}

interface TemplateNode {
  type: number
  loc: { start: { line: number } }
  content?: { content?: string; loc?: { start: { line: number } } } | TemplateNode
  props?: { type: number; exp?: { content: string; loc: { start: { line: number } } } }[]
  children?: TemplateNode[]
  branches?: TemplateNode[]
}

const INTERPOLATION = 5
const DIRECTIVE = 7

/** Each expression of a template: `{{ … }}` and every directive's value, with the line it is on. */
function templateExpressions(root: TemplateNode): { code: string; line: number }[] {
  const found: { code: string; line: number }[] = []
  const walk = (node: TemplateNode): void => {
    if (node.type === INTERPOLATION && node.content && 'content' in node.content && typeof node.content.content === 'string') {
      found.push({ code: node.content.content, line: node.loc.start.line })
    }
    for (const prop of node.props ?? [])
      if (prop.type === DIRECTIVE && prop.exp) found.push({ code: prop.exp.content, line: prop.exp.loc.start.line })
    for (const child of [...(node.children ?? []), ...(node.branches ?? [])]) walk(child)
  }
  walk(root)
  return found
}

/** The keys `file` (its text `text`) asks for; `namespaces`: the catalog's top-level names. */
export function keysUsedIn(file: string, text: string, namespaces: ReadonlySet<string>): KeyUse[] {
  const uses: KeyUse[] = []
  if (!file.endsWith('.vue')) {
    scanCode(file, text, 0, namespaces, uses)
    return uses
  }
  const { descriptor } = parseSfc(text, { filename: file })
  for (const block of [descriptor.script, descriptor.scriptSetup])
    if (block) scanCode(file, block.content, block.loc.start.line - 1, namespaces, uses)
  if (descriptor.template?.ast) {
    // v-for's `a in b` is no expression: the parser reads what it can, which is every string in it.
    for (const { code, line } of templateExpressions(descriptor.template.ast as unknown as TemplateNode))
      scanCode(file, `(${code})`, line - 1, namespaces, uses)
  }
  return uses
}
