import { describe, expect, it } from 'vitest'
import { preloadRequires, scanRendererBundle } from '../../../support/bundle-scan'

const rules = (text: string, secrets: string[] = []) => scanRendererBundle(text, secrets).map((p) => p.rule)

describe('the renderer bundle scan', () => {
  it('flags every way to reach Node or Electron', () => {
    expect(rules('const f=require("fs");')).toEqual(['imports the Node built-in "fs"'])
    expect(rules('import{readFile}from"node:fs/promises";')).toEqual([
      'imports the Node built-in "node:fs/promises"',
      'names a node: module',
    ])
    expect(rules('const cp=await import("child_process")')).toEqual(['imports the Node built-in "child_process"'])
    expect(rules('process.binding("spawn_sync")')).toEqual(['uses process.binding'])
    expect(rules('const {ipcRenderer}=require("electron")')).toEqual(['imports electron', 'uses ipcRenderer'])
  })

  it('flags token-like strings and bearer credentials, and the secrets it is given', () => {
    expect(rules('headers:{a:"Zx81kQ2mN7pL4vR9tY6wE3sD"}')).toEqual(['contains a token-like string'])
    expect(rules('h="Bearer abcDEF123456ghiJKL"')).toContain('contains a bearer credential')
    expect(rules('x="emulator-token"', ['emulator-token'])).toEqual(['contains the secret "emul…"'])
  })

  it('leaves ordinary minified code alone', () => {
    const code = [
      'const vnode={type:1};',
      'const NOT_SUPPORT_LOCALE_ASYNC_FUNCTION=23;',
      'const s="AboutDialog_vue_vue_type_script_setup_true_lang_default";',
      'const label="Paste the API token of your channel";',
      'fetch("/api/invoke/"+encodeURIComponent(c),{headers:{"x-statusdesk-secret":t}});',
      'const img="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";',
    ].join('\n')
    expect(rules(code)).toEqual([])
  })

  it('lists what a preload requires', () => {
    expect(preloadRequires('const e=require("electron");const z=require(\'zod\')')).toEqual(['electron', 'zod'])
  })
})
