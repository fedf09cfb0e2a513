/** Any address no other route matches: a designed 404 page with status 404. */
import {noStoreRouteHeaders} from '#netlify/platform/cache'

export function loader() {
  throw new Response('Not Found', {status: 404})
}

/** A 404 is never stored (lib/cache.server.ts): a page published later must show at once. */
export const headers = noStoreRouteHeaders

export default function NotFound() {
  return null
}
