/**
 * msw handlers for the Sanity Content Lake query API (CDN and API hosts). Tests give the
 * documents a query should answer with; the handler records each query it saw.
 */
import {http, HttpResponse} from 'msw'

export type SanityQueryLog = Array<{query: string; params: Record<string, string>; host: string}>

/** Answers every GET query on project `projectId` with `result(query)`, logging it to `log`. */
export function sanityQueryHandler(projectId: string, result: (query: string) => unknown, log: SanityQueryLog = []) {
  return http.get(`https://${projectId}.:host.sanity.io/:version/data/query/:dataset`, ({request}) => {
    const url = new URL(request.url)
    const query = url.searchParams.get('query') ?? ''
    const params = Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('$')))
    log.push({query, params, host: url.host})
    return HttpResponse.json({ms: 1, query, result: result(query)})
  })
}
