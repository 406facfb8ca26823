/** The system clipboard, written from main (the desktop app's renderer has no clipboard permission). */
export interface ClipboardPort {
  writeText(text: string): void
}
