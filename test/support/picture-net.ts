import type { PictureNet } from '../../src-main/features/groups/pictures'
import { systemResolver } from '../../src-main/platform/net'

/**
 * How a test account reaches its pictures: the system's resolver, every origin direct, and
 * `trustedBaseUrl` (the emulator's, on this computer) whose kinds of network are allowed.
 * `get` is main's own GET, used only for what the worker leaves to main (proxied origins).
 */
export function pictureNet(trustedBaseUrl?: string, overrides: Partial<PictureNet['dial']> & { get?: PictureNet['get'] } = {}): PictureNet {
  const { get = fetch, ...dial } = overrides
  return { get, dial: { trustedBaseUrl, resolve: systemResolver, ...dial } }
}
