import { z } from 'zod'
import { channel } from '../define'

/**
 * Copying text from the desktop app. The hardened session denies the renderer's clipboard
 * permission, so main writes it; in web mode the page uses the browser's clipboard itself.
 */
export const clipboardChannels = {
  'app:copy-text': channel<{ copied: number }>()(z.object({ text: z.string().min(1).max(1_000_000) })),
}
