/**
 * The shared list query of the admin lists (docs/requirements.md#req-admin-list-queries): every
 * growing list (enrolments, enquiries, the outbox, certificates, the payments webhook log, the
 * audit log) pages, searches, sorts and filters on the server with the same parameters and the
 * same answer, `{rows, total, page, pageSize}` (ListPage).
 *
 * Parameters (query strings; an empty one counts as absent):
 * - `page`: 1, 2, …; a page past the last one answers no rows with the right `total`;
 * - `pageSize`: 1 … MAX_PAGE_SIZE (100), the list's default when absent;
 * - `q`: the search, trimmed, at most MAX_SEARCH_LENGTH characters (each list says what it searches);
 * - `sort`: one of the list's sortable columns; `dir`: `asc` or `desc`;
 * - `from`, `to`: calendar days `YYYY-MM-DD` (UTC), both included, `from` on or before `to`.
 * A bad parameter is refused with a message that names it ("pageSize must be a whole number from
 * 1 to 100"), which the edges answer as 400.
 *
 * Pure: zod only. The services page their rows with pageOf or their own index, the edges parse
 * with parseListQuery.
 */
import {z} from 'zod'
import {textSortKey} from '#schemas/rules/text'

/** The admin lists' text order (#schemas/rules/text). */
export {textSortKey}

/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100
/** The longest search accepted, in characters. */
export const MAX_SEARCH_LENGTH = 200
/** The highest page number accepted (a deeper page is refused as malformed, not answered empty). */
export const MAX_PAGE = 1_000_000

export type SortDirection = 'asc' | 'desc'

/** An absent or empty query parameter: undefined. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** Whether `value` is a real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00.000Z`)
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value)
}

/** The parameter `name` as an optional calendar day `YYYY-MM-DD`; anything else: "{name} must be a date YYYY-MM-DD". */
export const dayParam = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({invalid_type_error: `${name} must be a date YYYY-MM-DD`})
      .refine(isCalendarDay, {message: `${name} must be a date YYYY-MM-DD`})
      .optional(),
  )

/** The parameter `name` as optional trimmed text of at most `max` characters. */
export const textParam = (name: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)),
    z
      .string({invalid_type_error: `${name} must be text`})
      .max(max, `${name} must be at most ${max} characters`)
      .optional(),
  )

/** `page`: a whole number from 1, default 1. */
export const pageParam = () =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({invalid_type_error: 'page must be a whole number of at least 1'})
      .int('page must be a whole number of at least 1')
      .min(1, 'page must be a whole number of at least 1')
      .max(MAX_PAGE, 'page must be a whole number of at least 1')
      .default(1),
  )

/** `pageSize`: a whole number from 1 to MAX_PAGE_SIZE, default `fallback`. */
export const pageSizeParam = (fallback: number) => {
  const message = `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({invalid_type_error: message}).int(message).min(1, message).max(MAX_PAGE_SIZE, message).default(fallback),
  )
}

/** `name` as one of `values` (optional): "{name} must be one of: a, b". */
export const oneOfParam = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z.preprocess(blankToUndefined, z.enum(values, {errorMap: () => ({message: `${name} must be one of: ${values.join(', ')}`})}).optional())

/** How a list reads its query: the sortable columns, the defaults. */
export type ListQuerySpec<S extends string> = {
  sorts: readonly [S, ...S[]]
  defaultSort: S
  defaultDir: SortDirection
  defaultPageSize: number
}

/**
 * The zod schema of a list's common parameters (page, pageSize, q, sort, dir, from, to) for
 * `spec`; a list adds its own filters with `.extend({...})` before refining (listQueryRefined).
 */
export function listQueryShape<S extends string>(spec: ListQuerySpec<S>) {
  return z.object({
    page: pageParam(),
    pageSize: pageSizeParam(spec.defaultPageSize),
    q: textParam('q', MAX_SEARCH_LENGTH),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(spec.sorts, {errorMap: () => ({message: `sort must be one of: ${spec.sorts.join(', ')}`})}).default(spec.defaultSort),
    ),
    dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], {errorMap: () => ({message: 'dir must be asc or desc'})}).default(spec.defaultDir)),
    from: dayParam('from'),
    to: dayParam('to'),
  })
}

/** The common refinement: `from` on or before `to`. */
export const fromBeforeTo = <T extends {from?: string; to?: string}>(query: T) => !query.from || !query.to || query.from <= query.to
export const FROM_AFTER_TO = 'from must be on or before to'

/** The common part of every parsed list query. */
export type ListQuery<S extends string = string> = {page: number; pageSize: number; q?: string; sort: S; dir: SortDirection; from?: string; to?: string}

/**
 * The query string as the list schemas read it: each name once (a repeated name is refused: "Give
 * {name} at most once").
 */
export function searchParamsObject(params: URLSearchParams): {ok: true; value: Record<string, string>} | {ok: false; message: string} {
  const value: Record<string, string> = {}
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name)
    if (all.length > 1) return {ok: false, message: `Give ${name} at most once`}
    value[name] = all[0]!
  }
  return {ok: true, value}
}

/**
 * Parses a list's query string with its schema: the parsed query, or the first problem's message
 * (which names the parameter).
 */
export function parseListQuery<S extends z.ZodTypeAny>(schema: S, params: URLSearchParams): {ok: true; query: z.output<S>} | {ok: false; message: string} {
  const object = searchParamsObject(params)
  if (!object.ok) return object
  const parsed = schema.safeParse(object.value)
  if (!parsed.success) return {ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid query'}
  return {ok: true, query: parsed.data}
}

/** Whether a call asks for the paged answer (it names `page` or `pageSize`) rather than a list's plain one. */
export const isPagedCall = (params: URLSearchParams): boolean => params.has('page') || params.has('pageSize')

/** One page of a list. */
export type ListPage<T> = {rows: T[]; total: number; page: number; pageSize: number}

/** The zod schema of a list's page answer with `row` as its rows. */
export const listPageSchema = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  })

/** The page `page` (from 1) of `pageSize` of `rows`, already filtered and ordered: beyond the end, no rows and the right total. */
export function pageOf<T>(rows: readonly T[], query: Pick<ListQuery, 'page' | 'pageSize'>): ListPage<T> {
  const start = (query.page - 1) * query.pageSize
  return {rows: rows.slice(start, start + query.pageSize), total: rows.length, page: query.page, pageSize: query.pageSize}
}

/** Whether an ISO time's UTC day is within `from` … `to` (days `YYYY-MM-DD`, both included; either may be absent). */
export function inDayRange(time: string | null | undefined, range: {from?: string; to?: string}): boolean {
  if (!range.from && !range.to) return true
  if (!time) return false
  const day = time.slice(0, 10)
  return (!range.from || day >= range.from) && (!range.to || day <= range.to)
}

/** Whether any of `values` contains the search `q` case-insensitively (a blank search matches everything). */
export function containsText(q: string | undefined, ...values: readonly (string | null | undefined)[]): boolean {
  const needle = q?.trim().toLowerCase()
  if (!needle) return true
  return values.some((value) => !!value && value.toLowerCase().includes(needle))
}

/**
 * A comparator for `sort`/`dir` from per-column keys: text keys compare as textSortKey strings,
 * numbers as numbers; missing values first (ascending); ties by `tieBreak`.
 */
export function comparatorFor<T>(
  key: (row: T) => string | number | null | undefined,
  dir: SortDirection,
  tieBreak: (a: T, b: T) => number = () => 0,
): (a: T, b: T) => number {
  const sign = dir === 'asc' ? 1 : -1
  return (a, b) => {
    const x = key(a)
    const y = key(b)
    if (x === y || (x == null && y == null)) return tieBreak(a, b)
    if (x == null) return -sign
    if (y == null) return sign
    return (x < y ? -1 : 1) * sign
  }
}

/**
 * `rows` ordered by `key` in `dir` (comparatorFor: missing values first ascending; ties by
 * `tieBreak`), each row's key computed once (a text key through textSortKey costs more than a
 * comparison). A new array; `rows` is left as it is.
 */
export function sortRows<T>(
  rows: readonly T[],
  key: (row: T) => string | number | null | undefined,
  dir: SortDirection,
  tieBreak: (a: T, b: T) => number = () => 0,
): T[] {
  const keyed = rows.map((row) => ({row, key: key(row)}))
  const compare = comparatorFor<{row: T; key: string | number | null | undefined}>(
    (item) => item.key,
    dir,
    (a, b) => tieBreak(a.row, b.row),
  )
  return keyed.sort(compare).map((item) => item.row)
}

/** The number of pages of `total` rows at `pageSize` a page (at least 1, so "page 1 of 1" when there are none). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / Math.max(1, pageSize)))

/**
 * The query string of a list call from `values`: empty strings, null and undefined left out,
 * numbers written as they are — what the pages send and the list schemas read back.
 */
export function listSearchParams(values: Readonly<Record<string, string | number | null | undefined>>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue
    const text = typeof value === 'number' ? String(value) : value.trim()
    if (text !== '') params.set(name, text)
  }
  return params
}

/** `format`: `csv` asks a list for its CSV file (every matching row, in the list's order) instead of a page. */
export const formatParam = () => oneOfParam('format', ['csv'])

/**
 * The filters of a parsed list query as an export records them in the audit log: every given
 * parameter but the paging and the format (`page`, `pageSize`, `format`), as text.
 */
export function exportFilters(query: Readonly<Record<string, unknown>>): Record<string, string> {
  const filters: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    if (name === 'page' || name === 'pageSize' || name === 'format' || value === undefined || value === null || value === '') continue
    filters[name] = String(value)
  }
  return filters
}
