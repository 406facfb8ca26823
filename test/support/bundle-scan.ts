import { builtinModules } from 'node:module'

/**
 * What must never appear in the built renderer: ways to reach Node or Electron, and
 * anything that looks like a credential. Used by test/e2e/renderer-bundle.spec.ts on the
 * real build and by its unit test on known-bad samples.
 */
export interface BundleProblem {
  rule: string
  excerpt: string
}

const NODE_BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, '')))

/** A string literal of 24+ letters and digits mixing cases and digits: an API token, a key. */
const TOKEN_LIKE = /(["'`])([A-Za-z0-9]{24,})\1/g
const BEARER = /Bearer\s+[A-Za-z0-9._~+/-]{12,}/g
const MODULE_SPECIFIER = /(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(\s*)(["'`])([^"'`]+)\1/g

function excerpt(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 40), index + length + 40).replace(/\s+/g, ' ')
}

function isBuiltin(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true
  return NODE_BUILTINS.has(specifier.split('/')[0] ?? specifier)
}

function looksLikeToken(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && digits >= 3 && digits < value.length
}

export function scanRendererBundle(text: string, knownSecrets: readonly string[] = []): BundleProblem[] {
  const problems: BundleProblem[] = []
  const add = (rule: string, index: number, length: number) => problems.push({ rule, excerpt: excerpt(text, index, length) })

  for (const match of text.matchAll(MODULE_SPECIFIER)) {
    const specifier = match[2] ?? ''
    if (isBuiltin(specifier)) add(`imports the Node built-in "${specifier}"`, match.index, match[0].length)
    if (specifier === 'electron' || specifier.startsWith('electron/')) add('imports electron', match.index, match[0].length)
  }
  for (const match of text.matchAll(/(["'`])node:[a-z_/]+\1/g)) add('names a node: module', match.index, match[0].length)
  for (const pattern of [
    /process\.binding\b/g,
    /process\.dlopen\b/g,
    /process\._linkedBinding\b/g,
    /\bipcRenderer\b/g,
    /__non_webpack_require__/g,
  ]) {
    for (const match of text.matchAll(pattern)) add(`uses ${match[0]}`, match.index, match[0].length)
  }
  for (const match of text.matchAll(TOKEN_LIKE)) {
    if (looksLikeToken(match[2] ?? '')) add('contains a token-like string', match.index, match[0].length)
  }
  for (const match of text.matchAll(BEARER)) add('contains a bearer credential', match.index, match[0].length)
  for (const secret of knownSecrets) {
    const index = text.indexOf(secret)
    if (secret && index >= 0) add(`contains the secret "${secret.slice(0, 4)}…"`, index, secret.length)
  }
  return problems
}

/** A sandboxed preload can require only 'electron' (everything else is bundled in). */
export function preloadRequires(text: string): string[] {
  return [...text.matchAll(/\brequire\s*\(\s*(["'`])([^"'`]+)\1\s*\)/g)].map((match) => match[2] ?? '')
}
