/** The system "open file" dialog (desktop only): main gets the path, the renderer never does. */
export interface OpenDialogPort {
  /** The file the user chose, or null when they closed the dialog. */
  chooseOpenPath(options: { title: string; filters: Array<{ name: string; extensions: string[] }> }): Promise<string | null>
}

/** What the picker offers; the content decides in the end, whatever the extension says. */
export const MEDIA_FILE_FILTERS = [
  { name: 'Images, videos and audio', extensions: ['jpg', 'jpeg', 'png', 'webp', 'mp4', '3gp', 'mp3', 'm4a', 'aac', 'ogg', 'opus', 'amr'] },
  { name: 'All files', extensions: ['*'] },
]
