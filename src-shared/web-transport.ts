/** The wire names of the web transport, shared by its server (main) and client (renderer). */
export const WEB_SECRET_HEADER = 'x-statusdesk-secret'
export const WEB_INVOKE_PREFIX = '/api/invoke/'
export const WEB_EVENTS_PATH = '/api/events'
/** Answers 204 to a request with the right secret: lets the page learn whether its secret is current. */
export const WEB_SESSION_PATH = '/api/session'
/** The fragment key that carries the per-launch secret in the URL printed by web mode. */
export const WEB_SECRET_FRAGMENT = 'secret'
/**
 * Which client (one page, one tab) a request comes from: main keeps each client's own choices
 * (the account on its screen, the notices it read) under this name. It proves nothing: the
 * secret does that.
 */
export const WEB_CLIENT_HEADER = 'x-statusdesk-client'
/** A client's name: letters, digits, - and _, 8 to 64 of them. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
