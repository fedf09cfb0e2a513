/** Any address no other route matches: a designed 404 page with status 404. */
export function loader() {
  throw new Response('Not Found', {status: 404})
}

export default function NotFound() {
  return null
}
