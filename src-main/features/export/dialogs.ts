import type { UserText } from '@shared/i18n/user-text'

/** Where an export goes: the desktop app asks in a save dialog, web mode uses a downloads folder. */
export interface SaveDialogOptions {
  /** Said in the user's language when the dialog opens. */
  title: UserText
  /** A file name (no folder) the dialog proposes. */
  defaultName: string
  filters: Array<{ name: UserText; extensions: string[] }>
}

export interface DialogsPort {
  /** The path the user chose, or null when they cancelled. */
  chooseSavePath(options: SaveDialogOptions): Promise<string | null>
}
