import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanRendererSource } from '../../../support/renderer-source-scan'

const RENDERER = join(import.meta.dirname, '..', '..', '..', '..', 'src-renderer')

const rules = (file: string, text: string) => scanRendererSource(file, text).map((p) => `${p.line}: ${p.rule}`)

describe('the renderer source scan', () => {
  it('finds raw HTML, inline handlers, script URLs and frames in templates', () => {
    const sfc = [
      '<template>',
      '  <div v-html="body" />',
      '  <p :innerHTML="body"></p>',
      '  <button onclick="go()">x</button>',
      '  <a href="javascript:alert(1)">x</a>',
      '  <iframe src="https://example.com"></iframe>',
      '  <button @click="go">fine</button>',
      '</template>',
    ].join('\n')
    expect(rules('A.vue', sfc)).toEqual([
      '2: v-html',
      '3: binds innerHTML',
      '4: inline handler onclick=',
      '5: href with a script URL',
      '6: <iframe> element',
    ])
  })

  it('finds code built from strings and HTML sinks in scripts, with their line in the .vue file', () => {
    const sfc = [
      '<template><p>{{ x }}</p></template>',
      '<script setup lang="ts">',
      'const x = 1',
      'el.innerHTML = x',
      'eval("1")',
      'const f = new Function("a", "return a")',
      "setTimeout('go()', 10)",
      'document.write("x")',
      "h('div', { innerHTML: x })",
      'setTimeout(() => go(), 10)',
      '</script>',
    ].join('\n')
    expect(rules('B.vue', sfc)).toEqual([
      '4: uses innerHTML',
      '5: eval()',
      '6: new Function()',
      '7: setTimeout with a string',
      '8: document.write()',
      '9: uses innerHTML',
    ])
    expect(rules('c.ts', 'node.insertAdjacentHTML("beforeend", s)\nnode["outerHTML"] = s')).toEqual([
      '1: uses insertAdjacentHTML',
      '2: uses outerHTML',
    ])
    expect(
      rules('index.html', '<body onload="init()">\n<script>alert(1)</script>\n<script type="module" src="/src/main.ts"></script>'),
    ).toEqual(['1: inline handler attribute', '2: inline <script>'])
  })
})

describe('src-renderer', () => {
  it('has no v-html, inline handler, script URL, frame, eval or HTML sink anywhere', async () => {
    const entries = await readdir(RENDERER, { recursive: true, withFileTypes: true })
    const files = entries.filter((e) => e.isFile() && /\.(vue|ts|html|svg)$/.test(e.name)).map((e) => join(e.parentPath, e.name))
    expect(files.some((f) => f.endsWith('.vue'))).toBe(true)
    const problems: string[] = []
    for (const file of files) {
      for (const problem of scanRendererSource(file, await readFile(file, 'utf8'))) {
        problems.push(`${relative(RENDERER, problem.file)}:${problem.line} ${problem.rule}`)
      }
    }
    expect(problems).toEqual([])
  })
})
