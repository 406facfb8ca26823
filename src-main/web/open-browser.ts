import { spawn } from 'node:child_process'

/** Opens a URL in the user's default browser; a machine without one just keeps the printed URL. */
export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]]
  const child = spawn(command, args, { stdio: 'ignore', detached: true })
  child.on('error', () => console.log('Could not open a browser; open the URL above by hand.'))
  child.unref()
}
