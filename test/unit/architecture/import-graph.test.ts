import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const SOURCES = ['src-main', 'src-preload', 'src-renderer/src', 'src-shared']
const MAX_LINES = 400

/** Strongly connected parts of a graph with more than one member (Tarjan). */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        part.push(member)
      } while (member !== node)
      if (part.length > 1) found.push(part.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

let result: ICruiseResult

beforeAll(async () => {
  const previous = process.cwd()
  process.chdir(ROOT)
  try {
    const require = createRequire(import.meta.url)
    const config = require(join(ROOT, '.dependency-cruiser.cjs')) as { options: Record<string, unknown> }
    const output = await cruise(SOURCES, { ...config.options, validate: false }, undefined, {
      tsConfig: extractTSConfig(join(ROOT, 'tsconfig.json')),
    })
    result = output.output as ICruiseResult
  } finally {
    process.chdir(previous)
  }
}, 120_000)

describe('the import graph of the sources', () => {
  it('has no cycle between folders', () => {
    const folders = new Map<string, Set<string>>()
    for (const module of result.modules) {
      if (module.coreModule || module.couldNotResolve || !SOURCES.some((source) => module.source.startsWith(`${source}/`))) continue
      const from = dirname(module.source)
      const targets = folders.get(from) ?? new Set<string>()
      folders.set(from, targets)
      for (const dependency of module.dependencies) {
        const to = dirname(dependency.resolved)
        if (to !== from && SOURCES.some((source) => dependency.resolved.startsWith(`${source}/`))) targets.add(to)
      }
    }
    expect(cycles(folders)).toEqual([])
  })

  it('has no cycle between files', () => {
    const files = new Map<string, Set<string>>()
    for (const module of result.modules) files.set(module.source, new Set(module.dependencies.map((dependency) => dependency.resolved)))
    expect(cycles(files)).toEqual([])
  })

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = result.modules
      .filter((module) => SOURCES.some((source) => module.source.startsWith(`${source}/`)))
      .map((module) => ({ file: module.source, lines: readFileSync(join(ROOT, module.source), 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MAX_LINES)
    expect(long).toEqual([])
  })

  it("loads only undici's Agent into the picture worker, not its index", () => {
    // The index is 10 MB more of the thread's memory (see undici-agent.ts). Packages are read from
    // the sources' own imports (the graph leaves node_modules out); a type-only or dynamic one loads nothing.
    const byFile = new Map(result.modules.map((module) => [module.source, module]))
    const reached = new Set<string>()
    const visit = (file: string): void => {
      if (reached.has(file)) return
      reached.add(file)
      for (const dependency of byFile.get(file)?.dependencies ?? []) if (!dependency.dynamic) visit(dependency.resolved)
    }
    visit('src-main/features/groups/pictures/picture-worker.ts')
    const packages = new Set<string>()
    for (const file of reached) {
      if (!file.startsWith('src-')) continue
      for (const [, name] of readFileSync(join(ROOT, file), 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^'.@][^']*)'/gm))
        packages.add(name as string)
    }
    expect(packages).not.toContain('undici')
    expect(packages).toContain('undici/lib/dispatcher/agent.js')
  })
})
