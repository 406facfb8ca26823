export { networkOf } from './address-policy'
export { pinnedFetch, type PinnedFetch } from './pinned-fetch'
export { AddressGuard, NotPublicError, TooManyRedirectsError, publicFetch } from './public-fetch'
export { systemResolver, type ResolveHost } from './resolver'
