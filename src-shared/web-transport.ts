/** The wire names of the web transport, shared by its server (main) and client (renderer). */
export const WEB_SECRET_HEADER = 'x-statusdesk-secret'
export const WEB_INVOKE_PREFIX = '/api/invoke/'
export const WEB_EVENTS_PATH = '/api/events'
/** Answers 204 to a request with the right secret: lets the page learn whether its secret is current. */
export const WEB_SESSION_PATH = '/api/session'
/** The fragment key that carries the per-launch secret in the URL printed by web mode. */
export const WEB_SECRET_FRAGMENT = 'secret'
