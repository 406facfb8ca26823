export { networkOf, PUBLIC_NETWORK } from './address-policy'
export { NotPublicError, TooManyRedirectsError, publicFetch, type FetchLike, type PublicFetchOptions } from './public-fetch'
export { systemResolver, type ResolveHost } from './resolver'
