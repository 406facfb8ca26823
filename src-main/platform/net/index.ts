export { networkOf, PUBLIC_NETWORK } from './address-policy'
export { pinnedFetch, type PinnedFetch } from './pinned-fetch'
export {
  AddressGuard,
  NotPublicError,
  TooManyRedirectsError,
  publicFetch,
  type AddressGuardOptions,
  type FetchLike,
  type PublicFetchOptions,
} from './public-fetch'
export { systemResolver, type ResolveHost } from './resolver'
