/**
 * The batches of the course chosen on /payment, in the browser
 * (docs/requirements.md#req-batches-form). The page's data carries only the batches of the course
 * its query prefills; when the visitor chooses another course, its batches come from
 * `GET /payment/batches?training=…&course=…` (web/app/routes/payment.batches.ts), once per course.
 * Every open batch of the catalogue in the page would be most of its data (docs/performance.md).
 *
 * Contract: 200 `{"batches": [{_id, startDate, endDate, city, seats, course, program}]}`
 * (schemas/contracts/batches.ts CourseBatchesResponseSchema). Anything else — an error status, a network
 * failure, an unreadable or malformed body — is a failure: the form says so and offers to try
 * again, and a submit asks again. Browser-only: no server imports.
 */
import {useCallback, useEffect, useRef, useState} from 'react'
import type {EnrolmentBatch} from '#schemas/rules/batches'

/** The endpoint's path. */
export const COURSE_BATCHES_PATH = '/payment/batches'

/** What the form says when the chosen course's batches could not be loaded (next to a "Try again" button, and in the alert of a submit). */
export const COURSE_BATCHES_FAILED = 'The dates of this course could not be loaded. Please try again.'

/** A program (category id) and course (its name), as the form's fields hold them. */
export type CourseSelection = {trainingProgram: string; course: string}

/** One key per chosen course; '' until both are chosen. */
const keyOf = ({trainingProgram, course}: CourseSelection): string => (trainingProgram && course ? JSON.stringify([trainingProgram, course]) : '')

/** The URL asking for the batches of `selection`. */
export function courseBatchesUrl({trainingProgram, course}: CourseSelection): string {
  return `${COURSE_BATCHES_PATH}?${new URLSearchParams({training: trainingProgram, course})}`
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string'

/** The batches of an answer body, or null when the body is not an answer (any malformed entry). */
export function parseCourseBatches(body: unknown): EnrolmentBatch[] | null {
  const list = typeof body === 'object' && body !== null ? (body as {batches?: unknown}).batches : undefined
  if (!Array.isArray(list)) return null
  const batches: EnrolmentBatch[] = []
  for (const item of list) {
    const {_id, startDate, endDate, city, seats, course, program} = (item ?? {}) as Record<string, unknown>
    const seatsOk = seats === null || (typeof seats === 'number' && Number.isInteger(seats))
    if (
      typeof _id !== 'string' ||
      !textOrNull(startDate) ||
      !textOrNull(endDate) ||
      !textOrNull(city) ||
      !seatsOk ||
      !textOrNull(course) ||
      !textOrNull(program)
    ) {
      return null
    }
    batches.push({_id, startDate, endDate, city, seats: seats as number | null, course, program})
  }
  return batches
}

/** Fetches the batches of `selection`; null on any failure (see the module comment). */
export async function fetchCourseBatches(selection: CourseSelection): Promise<EnrolmentBatch[] | null> {
  try {
    const response = await fetch(courseBatchesUrl(selection), {headers: {Accept: 'application/json'}})
    if (!response.ok) return null
    return parseCourseBatches(await response.json())
  } catch {
    return null
  }
}

export type CourseBatches = {
  /** The chosen course's batches: [] until a program and course are chosen, null while they load or after a failure. */
  offered: EnrolmentBatch[] | null
  /** The last request for the chosen course's batches failed. */
  failed: boolean
  /** The batches of `selection`, asked for when not known yet (again after a failure); null when they cannot be had. */
  load: (selection: CourseSelection) => Promise<EnrolmentBatch[] | null>
  /** The batches of `selection` if known now ([] without a course), else null; synchronous, for the form's check. */
  batchesOf: (selection: CourseSelection) => EnrolmentBatch[] | null
}

/**
 * The batches of the chosen course (`selection`), starting from the page's data (`initial`, the
 * batches of the prefilled course); another course's are fetched as soon as it is chosen.
 */
export function useCourseBatches(selection: CourseSelection, initial: {selection: CourseSelection; batches: EnrolmentBatch[]}): CourseBatches {
  const key = keyOf(selection)
  // Known lists live in a ref so a check run right after a request settles sees them (before React renders again).
  const known = useRef<Map<string, EnrolmentBatch[]>>(new Map())
  const initialKey = keyOf(initial.selection)
  if (initialKey && !known.current.has(initialKey)) known.current.set(initialKey, initial.batches)
  const requests = useRef(new Map<string, Promise<EnrolmentBatch[] | null>>())
  const [failedKey, setFailedKey] = useState<string | null>(null)
  const [, setArrivals] = useState(0)

  const load = useCallback((wanted: CourseSelection): Promise<EnrolmentBatch[] | null> => {
    const wantedKey = keyOf(wanted)
    if (!wantedKey) return Promise.resolve([])
    const list = known.current.get(wantedKey)
    if (list) return Promise.resolve(list)
    let request = requests.current.get(wantedKey)
    if (!request) {
      setFailedKey((failed) => (failed === wantedKey ? null : failed))
      request = fetchCourseBatches(wanted).then((batches) => {
        requests.current.delete(wantedKey)
        if (batches) known.current.set(wantedKey, batches)
        setFailedKey((failed) => (batches ? (failed === wantedKey ? null : failed) : wantedKey))
        setArrivals((count) => count + 1)
        return batches
      })
      requests.current.set(wantedKey, request)
    }
    return request
  }, [])

  const {trainingProgram, course} = selection
  useEffect(() => {
    if (trainingProgram && course) void load({trainingProgram, course})
  }, [load, trainingProgram, course])

  const batchesOf = useCallback((wanted: CourseSelection) => (keyOf(wanted) ? (known.current.get(keyOf(wanted)) ?? null) : []), [])
  return {offered: key ? (known.current.get(key) ?? null) : [], failed: Boolean(key) && failedKey === key && !known.current.has(key), load, batchesOf}
}
