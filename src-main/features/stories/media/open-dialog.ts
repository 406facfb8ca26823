import { userText, type UserText } from '@shared/i18n/user-text'

/** A dialog's file filter: its name is said in the user's language by the dialog. */
export interface OpenDialogFilter {
  name: UserText
  extensions: string[]
}

/** The system "open file" dialog (desktop only): main gets the path, the renderer never does. */
export interface OpenDialogPort {
  /** The file the user chose, or null when they closed the dialog. */
  chooseOpenPath(options: { title: UserText; filters: OpenDialogFilter[] }): Promise<string | null>
}

/** What the picker offers; the content decides in the end, whatever the extension says. */
export const MEDIA_FILE_FILTERS: OpenDialogFilter[] = [
  {
    name: userText('desktop.openDialog.mediaFiles'),
    extensions: ['jpg', 'jpeg', 'png', 'webp', 'mp4', '3gp', 'mp3', 'm4a', 'aac', 'ogg', 'opus', 'amr'],
  },
  { name: userText('desktop.openDialog.allFiles'), extensions: ['*'] },
]

/** The story composer's "choose a file" dialog: its title and filters. */
export const MEDIA_OPEN_DIALOG = { title: userText('desktop.openDialog.media'), filters: MEDIA_FILE_FILTERS }
