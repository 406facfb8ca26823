import { type Ref, onScopeDispose, ref, watch } from 'vue'
import { bridge } from '../bridge'
import { OwnFiles } from '../bridge/own-files'

/** Files larger than this are not loaded into the page (the server caps its files far below it). */
const MAX_OWN_FILE_BYTES = 512 * 1024 * 1024

let shared: OwnFiles | null = null

function ownFiles(): OwnFiles {
  shared ??= new OwnFiles({
    async load(path) {
      const response = await bridge.fetchOwn(path)
      const declared = Number(response.headers.get('content-length') ?? 0)
      if (!response.ok || declared > MAX_OWN_FILE_BYTES) {
        await response.body?.cancel()
        return null
      }
      return response.blob()
    },
  })
  return shared
}

/** A path on our own origin that web mode serves only with the secret: `/pictures/...`, `/media/...`. */
function needsFetch(src: string): boolean {
  return bridge.fetchesOwnFiles && src.startsWith('/') && !src.startsWith('//')
}

/**
 * The address an <img>, <video> or <audio> can use for `src`: the same address in the
 * desktop app, a blob: URL of the file fetched with the secret in web mode (null while it
 * loads or when it cannot be had).
 */
export function useOwnSrc(source: () => string | null | undefined): Ref<string | null> {
  const shown = ref<string | null>(null)
  let held: string | null = null

  const letGo = () => {
    if (held !== null) ownFiles().release(held)
    held = null
  }

  watch(
    source,
    (src) => {
      letGo()
      if (!src || !needsFetch(src)) {
        shown.value = src ?? null
        return
      }
      shown.value = null
      held = src
      void ownFiles()
        .acquire(src)
        .then((url) => {
          if (held === src) shown.value = url
        })
    },
    { immediate: true },
  )
  onScopeDispose(letGo)
  return shown
}

/** Runs `use` with a loadable address for `src`, then lets the file go. */
export async function withOwnSrc<T>(src: string, use: (loadable: string | null) => Promise<T>): Promise<T> {
  if (!needsFetch(src)) return use(src)
  const files = ownFiles()
  try {
    return await use(await files.acquire(src))
  } finally {
    files.release(src)
  }
}
