/**
 * Live seat counts of course batches in the browser: the pages are CDN-cached and
 * render a batch's class size; after load, `useBatchAvailability(ids)` asks
 * `GET /api/batches/availability?ids=<comma-separated batch ids>` once and the cards and the
 * calendar write the seats left with domain/batches.ts (seatsLeftText).
 *
 * Contract: 200 `{"availability": {"<batchId>": {"seats": 12, "booked": 3, "held": 1, "left": 8}}}`
 * (whole seats); ids the server does not know are absent. Anything else — an error status, a 404
 * before the endpoint exists, a network failure, an unreadable or malformed body — keeps the
 * server-rendered text (the hook stays at null). Browser-only: no server imports.
 */
import {useEffect, useState} from 'react'
import type {BatchAvailability} from '#schemas/rules/batches'

/** The endpoint's path. */
export const AVAILABILITY_PATH = '/api/batches/availability'

/** Batch ids per request: the endpoint answers up to 200 in one call. */
const MAX_IDS = 200

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** The availability map of an answer body, keeping only well-formed entries; null when the body is not an answer. */
export function parseAvailability(body: unknown): Record<string, BatchAvailability> | null {
  const map = typeof body === 'object' && body !== null ? (body as {availability?: unknown}).availability : undefined
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return null
  const out: Record<string, BatchAvailability> = {}
  for (const [id, value] of Object.entries(map as Record<string, unknown>)) {
    const entry = (value ?? {}) as Partial<BatchAvailability>
    if (isCount(entry.seats) && isCount(entry.booked) && isCount(entry.held) && isCount(entry.left)) {
      out[id] = {seats: entry.seats, booked: entry.booked, held: entry.held, left: entry.left}
    }
  }
  return out
}

/** The URL asking for `ids` (deduplicated, at most MAX_IDS, in their order). */
export function availabilityUrl(ids: readonly string[]): string {
  const unique = [...new Set(ids.filter(Boolean))].slice(0, MAX_IDS)
  return `${AVAILABILITY_PATH}?ids=${unique.map(encodeURIComponent).join(',')}`
}

/** Fetches the counts of `ids`; null on any failure (see the module comment). */
export async function fetchAvailability(ids: readonly string[], signal?: AbortSignal): Promise<Record<string, BatchAvailability> | null> {
  if (ids.length === 0) return {}
  try {
    const response = await fetch(availabilityUrl(ids), {headers: {Accept: 'application/json'}, signal})
    if (!response.ok) return null
    return parseAvailability(await response.json())
  } catch {
    return null
  }
}

/**
 * The live counts of `ids` once they arrive (null before, and after any failure). Asks again only
 * when the set of ids changes (e.g. the calendar's filters).
 */
export function useBatchAvailability(ids: readonly string[]): Record<string, BatchAvailability> | null {
  const key = ids.join(',')
  const [availability, setAvailability] = useState<Record<string, BatchAvailability> | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    const wanted = key ? key.split(',') : []
    fetchAvailability(wanted, controller.signal).then((result) => {
      if (!controller.signal.aborted) setAvailability(result)
    })
    return () => controller.abort()
  }, [key])
  return availability
}
