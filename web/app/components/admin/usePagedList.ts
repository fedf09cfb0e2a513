/**
 * A server-paged admin list (docs/requirements.md#req-admin-list-queries): the query the page
 * asks for — search, filters, sort, direction, page — and its load. Browser code.
 *
 * - The search is debounced (SEARCH_DEBOUNCE_MS, 250 ms after the last keystroke) and, like a
 *   filter or sort change, goes back to page 1; a click on the sorted column turns the direction
 *   round, on another column sorts by it (`firstDir(column)`, default ascending).
 * - Each query is one request (`fetchPage(token, params, signal)`, the params of
 *   #schemas/contracts/list-query listSearchParams), through useAdminLoad: the previous page stays
 *   shown while the next one loads (`refreshing`, for the page's polite "Updating…" line), a
 *   request overtaken by the next is aborted, a 401 signs out.
 * - A page past the last one (rows removed meanwhile) moves to the last page.
 */
import {useCallback, useEffect, useRef, useState} from 'react'
import {listSearchParams, pageCount, type SortDirection} from '#schemas/contracts/list-query'
import {useAdminLoad, type AdminLoadState} from './useAdminLoad'

/** How long typing must pause before the search is sent (ms). */
export const SEARCH_DEBOUNCE_MS = 250

/** What a list query holds besides its filters. */
export type PagedQuery<S extends string, F extends Record<string, string>> = {q: string; sort: S; dir: SortDirection; page: number; filters: F}

export type PagedListOptions<S extends string, F extends Record<string, string>> = {
  token: string
  onUnauthorized: () => void
  failMessage: string
  defaultSort: S
  defaultDir: SortDirection
  /** The filters' starting values ('' = no filter). */
  filters: F
  pageSize: number
  /** The direction a column starts in when first sorted by (default ascending). */
  firstDir?: (column: S) => SortDirection
}

export type PagedList<T, S extends string, F extends Record<string, string>> = AdminLoadState<T> & {
  query: PagedQuery<S, F>
  /** The search as typed (sent SEARCH_DEBOUNCE_MS later). */
  search: string
  setSearch: (value: string) => void
  setFilter: (name: keyof F, value: string) => void
  toggleSort: (column: S) => void
  /** Sorts by `column` in `dir` (a "Sort by" select). */
  setSort: (column: S, dir: SortDirection) => void
  setPage: (page: number) => void
  /** The query string of the current query without the page (for a CSV of the same rows). */
  filterParams: () => URLSearchParams
}

/** The params of `query` at `pageSize`. */
function paramsOf<S extends string, F extends Record<string, string>>(query: PagedQuery<S, F>, pageSize: number | null): URLSearchParams {
  return listSearchParams({
    ...(pageSize === null ? {} : {page: query.page, pageSize}),
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    ...query.filters,
  })
}

export function usePagedList<T extends {total: number; page: number; pageSize: number}, S extends string, F extends Record<string, string>>(
  fetchPage: (token: string, params: URLSearchParams, signal: AbortSignal) => Promise<T>,
  options: PagedListOptions<S, F>,
): PagedList<T, S, F> {
  const {pageSize, firstDir} = options
  const [query, setQuery] = useState<PagedQuery<S, F>>({q: '', sort: options.defaultSort, dir: options.defaultDir, page: 1, filters: options.filters})
  const [search, setSearch] = useState('')
  const fetchData = useCallback((token: string, signal: AbortSignal) => fetchPage(token, paramsOf(query, pageSize), signal), [fetchPage, query, pageSize])
  const state = useAdminLoad(fetchData, options)

  // The search goes out once typing pauses; a new search starts at page 1.
  const typed = useRef(search)
  useEffect(() => {
    if (typed.current === search) return
    typed.current = search
    const timer = setTimeout(
      () => setQuery((previous) => (previous.q === search.trim() ? previous : {...previous, q: search.trim(), page: 1})),
      SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [search])

  // Past the last page (rows went meanwhile): the last page.
  const loaded = state.load.state === 'loaded' ? state.load.data : null
  useEffect(() => {
    if (!loaded || loaded.total === 0) return
    const last = pageCount(loaded.total, loaded.pageSize)
    if (loaded.page > last) setQuery((previous) => ({...previous, page: last}))
  }, [loaded])

  const setFilter = useCallback(
    (name: keyof F, value: string) => setQuery((previous) => ({...previous, filters: {...previous.filters, [name]: value}, page: 1})),
    [],
  )
  const toggleSort = useCallback(
    (column: S) =>
      setQuery((previous) =>
        previous.sort === column
          ? {...previous, dir: previous.dir === 'asc' ? 'desc' : 'asc', page: 1}
          : {...previous, sort: column, dir: firstDir?.(column) ?? 'asc', page: 1},
      ),
    [firstDir],
  )
  const setSort = useCallback((column: S, dir: SortDirection) => setQuery((previous) => ({...previous, sort: column, dir, page: 1})), [])
  const setPage = useCallback((page: number) => setQuery((previous) => ({...previous, page: Math.max(1, page)})), [])
  const filterParams = useCallback(() => paramsOf(query, null), [query])

  return {...state, query, search, setSearch, setFilter, toggleSort, setSort, setPage, filterParams}
}
