import ts from 'typescript'
import { parse as parseSfc } from 'vue/compiler-sfc'

/**
 * What Electronegativity cannot see: Vue templates and the scripts inside .vue files. Flags
 * raw HTML (v-html, innerHTML bindings), inline handlers written as HTML attributes,
 * javascript: URLs, embedded frames, and code built from strings (eval, new Function,
 * string timers, document.write).
 */
export interface SourceProblem {
  file: string
  line: number
  rule: string
}

const HTML_SINKS = new Set(['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'srcdoc'])
const FRAME_TAGS = new Set(['iframe', 'frame', 'object', 'embed', 'webview', 'portal'])
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data'])

interface TemplateNode {
  type: number
  tag?: string
  loc: { start: { line: number } }
  props?: {
    type: number
    name: string
    arg?: { content?: string } | null
    value?: { content: string } | null
    loc: { start: { line: number } }
  }[]
  children?: TemplateNode[]
}

const ELEMENT = 1
const ATTRIBUTE = 6
const DIRECTIVE = 7

function scanTemplate(file: string, root: TemplateNode): SourceProblem[] {
  const problems: SourceProblem[] = []
  const walk = (node: TemplateNode) => {
    if (node.type === ELEMENT) {
      if (node.tag && FRAME_TAGS.has(node.tag.toLowerCase()))
        problems.push({ file, line: node.loc.start.line, rule: `<${node.tag}> element` })
      for (const prop of node.props ?? []) {
        const line = prop.loc.start.line
        if (prop.type === DIRECTIVE && prop.name === 'html') problems.push({ file, line, rule: 'v-html' })
        if (prop.type === DIRECTIVE && prop.name === 'bind' && prop.arg?.content && HTML_SINKS.has(prop.arg.content)) {
          problems.push({ file, line, rule: `binds ${prop.arg.content}` })
        }
        if (prop.type === ATTRIBUTE && /^on/i.test(prop.name)) problems.push({ file, line, rule: `inline handler ${prop.name}=` })
        if (
          prop.type === ATTRIBUTE &&
          URL_ATTRIBUTES.has(prop.name.toLowerCase()) &&
          /^\s*(javascript|vbscript|data):/i.test(prop.value?.content ?? '')
        ) {
          problems.push({ file, line, rule: `${prop.name} with a script URL` })
        }
      }
    }
    for (const child of node.children ?? []) walk(child)
  }
  walk(root)
  return problems
}

function scanScript(file: string, code: string, lineOffset: number): SourceProblem[] {
  const problems: SourceProblem[] = []
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const add = (node: ts.Node, rule: string) =>
    problems.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 + lineOffset, rule })
  const calleeName = (expression: ts.Expression): string | null =>
    ts.isIdentifier(expression) ? expression.text : ts.isPropertyAccessExpression(expression) ? expression.name.text : null

  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAccessExpression(node) || ts.isPropertyAssignment(node)) &&
      ts.isIdentifier(node.name) &&
      HTML_SINKS.has(node.name.text)
    ) {
      add(node, `uses ${node.name.text}`)
    }
    if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && HTML_SINKS.has(node.argumentExpression.text)) {
      add(node, `uses ${node.argumentExpression.text}`)
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression)
      if (name === 'eval') add(node, 'eval()')
      if (name === 'Function') add(node, 'Function()')
      if ((name === 'setTimeout' || name === 'setInterval') && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
        add(node, `${name} with a string`)
      if (
        (name === 'write' || name === 'writeln') &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.expression.getText(source) === 'document'
      ) {
        add(node, `document.${name}()`)
      }
    }
    if (ts.isNewExpression(node) && calleeName(node.expression) === 'Function') add(node, 'new Function()')
    ts.forEachChild(node, visit)
  }
  visit(source)
  return problems
}

/** Problems in one renderer source file (.vue, .ts or .html), by its path and text. */
export function scanRendererSource(file: string, text: string): SourceProblem[] {
  if (file.endsWith('.vue')) {
    const { descriptor, errors } = parseSfc(text, { filename: file })
    if (errors.length > 0) return [{ file, line: 0, rule: `does not parse: ${String(errors[0])}` }]
    const problems: SourceProblem[] = descriptor.template?.ast ? scanTemplate(file, descriptor.template.ast as unknown as TemplateNode) : []
    for (const block of [descriptor.script, descriptor.scriptSetup]) {
      if (block) problems.push(...scanScript(file, block.content, block.loc.start.line - 1))
    }
    return problems
  }
  if (file.endsWith('.html') || file.endsWith('.svg')) {
    const problems: SourceProblem[] = []
    text.split('\n').forEach((line, index) => {
      if (/\son[a-z]+\s*=/i.test(line)) problems.push({ file, line: index + 1, rule: 'inline handler attribute' })
      if (/<script\b(?![^>]*\bsrc=)[^>]*>/i.test(line)) problems.push({ file, line: index + 1, rule: 'inline <script>' })
      if (/(href|src)\s*=\s*["']\s*javascript:/i.test(line)) problems.push({ file, line: index + 1, rule: 'javascript: URL' })
    })
    return problems
  }
  return scanScript(file, text, 0)
}
