/**
 * Memory of ArrayBuffers given back at once. V8 frees a buffer's memory only when a
 * collection finds the buffer dead, and a heap that has stopped allocating (main after a
 * sync) may not collect for minutes: megabytes of page bytes read long ago would stay
 * resident all that time, and while a sync runs their sheer volume is what makes V8 run
 * full collections, each a pause of main's loop. A buffer moved in a message is detached,
 * and one moved to a port whose other end is closed is dropped with the message: its
 * memory goes back then, with no collection.
 */
let sink: MessagePort | null = null

function closedPort(): MessagePort {
  if (sink) return sink
  const channel = new MessageChannel()
  channel.port2.close()
  sink = channel.port1
  return sink
}

/** Whether `view` is the whole of a plain ArrayBuffer of its own (not a slice of a shared pool). */
export function ownsBuffer(view: ArrayBufferView): boolean {
  return (
    view.byteOffset === 0 &&
    view.byteLength === view.buffer.byteLength &&
    view.byteLength > 0 &&
    Object.prototype.toString.call(view.buffer) === '[object ArrayBuffer]'
  )
}

/**
 * Gives back the memory of the buffer under `view` now; every view over it reads as empty
 * from then on. Only for a view that owns its buffer (see ownsBuffer) and that nothing will
 * read again; any other is left to the collector.
 */
export function releaseNow(view: ArrayBufferView): void {
  if (!ownsBuffer(view)) return
  try {
    closedPort().postMessage(null, [view.buffer as ArrayBuffer])
  } catch {
    // A buffer that cannot be moved (already detached, say) is simply left to the collector.
  }
}
