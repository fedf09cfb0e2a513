/**
 * msw handlers for the Sanity Content Lake query API (CDN and API hosts). Tests give the
 * documents a query should answer with; the handler records each query it saw, with the host
 * (api or apicdn), the perspective and whether a token was sent.
 */
import {http, HttpResponse} from 'msw'

export type SanityQueryLogEntry = {
  query: string
  params: Record<string, string>
  host: string
  perspective: string | null
  authorized: boolean
}
export type SanityQueryLog = SanityQueryLogEntry[]

/**
 * Answers every GET query on project `projectId` with `result(query, entry)`, logging it to
 * `log`. `entry.params` holds the GROQ parameters as sent (JSON-encoded, keys with `$`).
 */
export function sanityQueryHandler(
  projectId: string,
  result: (query: string, entry: SanityQueryLogEntry) => unknown | Promise<unknown>,
  log: SanityQueryLog = [],
) {
  return http.get(`https://${projectId}.:host.sanity.io/:version/data/query/:dataset`, async ({request}) => {
    const url = new URL(request.url)
    const query = url.searchParams.get('query') ?? ''
    const params = Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('$')))
    const entry: SanityQueryLogEntry = {
      query,
      params,
      host: url.host,
      perspective: url.searchParams.get('perspective'),
      authorized: Boolean(request.headers.get('authorization')),
    }
    log.push(entry)
    return HttpResponse.json({ms: 1, query, result: await result(query, entry)})
  })
}
