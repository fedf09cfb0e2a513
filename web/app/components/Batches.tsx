/**
 * Course batches on the pages: a course card's next dates and the seats text shared
 * with the calendar. Server-rendered with the class size ("12 seats"); once the live counts arrive
 * (lib/batch-availability.ts) the seats left ("5 seats left", "Full"). Texts: domain/batches.ts.
 * Each open batch with seats left also offers "Book for a group" (the group booking form,
 * docs/requirements.md#req-group-bookings).
 */
import {Link} from '@remix-run/react'
import {batchDateRange, batchSeatsText, DATES_ON_REQUEST, type BatchAvailability} from '#schemas/rules/batches'
import {GROUP_MIN_SEATS} from '#schemas/rules/group-booking'
import {calendarPath, groupBookingFormPath} from '#schemas/rules/paths'
import {payableUsd} from '#schemas/rules/price'
import {batchEnrolPath} from '#schemas/rules/refresher'

/** A batch as the cards and the calendar show it. */
export type BatchSummary = {_id: string; startDate: string; endDate: string; city: string; seats: number; status: string}

/** The seats of one batch; `aria-live` lets screen readers hear the live count when it replaces the class size. */
export function BatchSeats({batch, availability}: {batch: BatchSummary; availability: Record<string, BatchAvailability> | null}) {
  const live = availability?.[batch._id]
  const text = batchSeatsText(batch, live)
  return (
    <span
      data-testid="batch-seats"
      data-live={live ? 'true' : 'false'}
      className={text === 'Full' || text === 'Closed' ? 'font-semibold text-red-700' : undefined}
    >
      {text}
    </span>
  )
}

/**
 * A priced course's next open batches on its card ("12–16 Jan 2027 · Mumbai · 5 seats left"), or
 * "Dates on request" when it has none, and a link to the calendar filtered by the category.
 */
export function CourseBatches({
  courseName,
  categoryId,
  batches,
  availability,
}: {
  courseName: string
  categoryId: string
  batches: readonly BatchSummary[]
  availability: Record<string, BatchAvailability> | null
}) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-4 text-sm" data-testid="course-batches">
      <h4 className="font-semibold text-navy-900">Upcoming dates</h4>
      {batches.length ? (
        <ul className="mt-1 space-y-1 text-slate-700">
          {batches.map((batch) => (
            <li key={batch._id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span data-testid="batch-line" data-batch-id={batch._id}>
                {batchDateRange(batch)} · {batch.city} · <BatchSeats batch={batch} availability={availability} />
              </span>
              <GroupBookingLink
                batch={batch}
                courseName={courseName}
                availability={availability}
                className="font-medium text-ocean-600 underline underline-offset-2 hover:text-navy-800"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-slate-700">{DATES_ON_REQUEST}</p>
      )}
      <Link to={calendarPath(categoryId)} className="mt-2 inline-block font-medium text-ocean-600 underline underline-offset-2 hover:text-navy-800">
        All dates<span className="sr-only"> for {courseName}</span>
      </Link>
    </div>
  )
}

/**
 * Whether a batch offers "Book for a group": open, and not known to have fewer than
 * GROUP_MIN_SEATS seats left. Before the live counts arrive (or when they cannot be had) the link
 * is shown: the form itself says when the batch has filled up, and offers its waitlist.
 */
export function offersGroupBooking(batch: Pick<BatchSummary, '_id' | 'status'>, availability: Record<string, BatchAvailability> | null): boolean {
  if (batch.status !== 'open') return false
  const live = availability?.[batch._id]
  return !live || live.left >= GROUP_MIN_SEATS
}

/**
 * "Book for a group" for an open batch with seats left (offersGroupBooking), to the group booking
 * form of the batch; named for screen readers with the course, dates and city, so each batch's
 * link has its own name ("Book for a group: BOSIET, 12–16 Jan 2027, Mumbai").
 */
export function GroupBookingLink({
  batch,
  courseName,
  availability,
  className,
}: {
  batch: Pick<BatchSummary, '_id' | 'status' | 'startDate' | 'endDate' | 'city'>
  courseName: string
  availability: Record<string, BatchAvailability> | null
  className: string
}) {
  if (!offersGroupBooking(batch, availability)) return null
  return (
    <Link
      to={groupBookingFormPath(batch._id)}
      className={className}
      aria-label={`Book for a group: ${courseName}, ${batchDateRange(batch)}, ${batch.city}`}
      data-testid="group-booking-link"
    >
      Book for a group
    </Link>
  )
}

/** Whether a calendar batch's course can be booked for a group: a course with a fixed price (a cadetship intake is booked per cadet). */
export const groupBookableCourse = (course: BatchCourse): boolean => course._type !== 'cadetshipProgramme' && payableUsd(course) !== null

/** A calendar batch's course: a course, or the cadetship programme for an intake (CALENDAR_QUERY). */
export type BatchCourse = {_type: string; categoryId: string; enrolCourse: string; pricing: string; priceUsd: number | null}

/** The Enroll link of a batch (the one rule: schemas/rules/refresher.ts batchEnrolPath). */
export const batchEnrolHref = (course: BatchCourse, batchId: string): string => batchEnrolPath(course, batchId)
