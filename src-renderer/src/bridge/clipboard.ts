import { bridge } from './index'

/**
 * Copies text for the user. The desktop app's hardened session denies the page clipboard
 * access, so main writes it; in web mode main runs elsewhere and the browser's own
 * clipboard is the user's.
 */
export async function copyText(text: string): Promise<void> {
  if (bridge.kind === 'ipc') {
    await bridge.invoke('app:copy-text', { text })
    return
  }
  if (!navigator.clipboard) throw new Error('This browser gives the page no clipboard.')
  await navigator.clipboard.writeText(text)
}
