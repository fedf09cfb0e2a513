/**
 * The mocked admin APIs' paged answers (docs/requirements.md#req-admin-list-queries): a list call's
 * query string read with the list's own schema and its rows chosen with the server's own rule
 * (#schemas/rules/admin-lists), so a mocked page searches, filters, sorts and pages exactly as the
 * real API does; a bad parameter answers 400 with the server's message.
 */
import type {z} from 'zod'
import {pageOf, parseListQuery, type ListPage} from '#schemas/contracts/list-query'

/** The answer to `url` for a list with query `schema`: `{status: 200, json: {rows, total, page, pageSize, ...extra}}`, or a 400. */
export function listAnswer<S extends z.ZodTypeAny, T>(
  url: URL,
  schema: S,
  matching: (query: z.output<S>) => T[],
  extra: (query: z.output<S>) => Record<string, unknown> = () => ({}),
): {status: number; json: (ListPage<T> & Record<string, unknown>) | {error: string}} {
  const parsed = parseListQuery(schema, url.searchParams)
  if (!parsed.ok) return {status: 400, json: {error: parsed.message}}
  return {status: 200, json: {...pageOf(matching(parsed.query), parsed.query), ...extra(parsed.query)}}
}

/** Whether a route's URL is the list at `pathname` (any query string). */
export const listPath = (pathname: string) => (url: URL) => url.pathname === pathname
