/** Where an export goes: the desktop app asks in a save dialog, web mode uses a downloads folder. */
export interface SaveDialogOptions {
  title: string
  /** A file name (no folder) the dialog proposes. */
  defaultName: string
  filters: Array<{ name: string; extensions: string[] }>
}

export interface DialogsPort {
  /** The path the user chose, or null when they cancelled. */
  chooseSavePath(options: SaveDialogOptions): Promise<string | null>
}
