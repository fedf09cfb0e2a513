/**
 * Booking a group (/book/group?batch={batchId}, docs/requirements.md#req-group-bookings): where
 * "Book for a group" of a calendar row or a course card's batch leads. The loader
 * (pages/group-booking.server.ts groupFormPage) reads the batch's seats left, unit price per
 * currency, discount tiers and the pro-forma's due date if booked now:
 *
 * - seats left (2 or more): the form (components/group-booking/GroupBookingForm.tsx);
 * - one seat left: "Only 1 seat is left in this batch" and the enrolment form's way for one seat;
 * - none: "This batch is full" and the batch's waitlist (the enrolment form's, components/payment/Waitlist.tsx);
 * - a batch a group cannot book (closed, started, a cadetship intake, priced on request): why;
 * - no batch, or an unknown one: 404.
 *
 * A booking the server refuses with 409 (fewer seats left than asked) reads the seats left again,
 * so the form offers what is left, or the waitlist once the batch is full. After booking the
 * browser goes to the booking's page (paid by card: once paid and saved). Never cached, never
 * indexed: the seats left are live.
 */
import {data, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {Link, useLoaderData, useNavigate, useRevalidator} from '@remix-run/react'
import {GroupBookingForm} from '~/components/group-booking/GroupBookingForm'
import {PageHero} from '~/components/PageHero'
import {Waitlist} from '~/components/payment/Waitlist'
import {batchDateRange} from '#schemas/rules/batches'
import {GROUP_MESSAGES, seatsLeftMessage} from '#schemas/rules/group-booking'
import {calendarPath} from '#schemas/rules/paths'
import {BATCH_MESSAGES} from '#schemas/rules/seats'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {pageMeta} from '~/lib/meta'
import {groupFormPage, privateHeaders} from '~/pages/group-booking.server'

export async function loader({request}: LoaderFunctionArgs) {
  const {data: page, status} = await groupFormPage(new URL(request.url))
  return data(page, {status, headers: privateHeaders()})
}

export const headers = noStoreRouteHeaders

export const meta: MetaFunction<typeof loader> = ({matches}) =>
  pageMeta(matches, {
    title: 'Book for a group',
    description: 'Book several seats of one batch for your crew in one order, paid by card or by invoice.',
    robots: 'noindex, nofollow',
  })

export default function GroupBookingPage() {
  const page = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const revalidator = useRevalidator()

  if (page.state === 'refused') {
    return (
      <>
        <PageHero eyebrow="Book for a group" title="This batch cannot be booked for a group" />
        <section className="container-page max-w-3xl py-12">
          <p className="rounded-2xl border border-amber-200 bg-amber-50 p-6 font-medium text-navy-900" data-testid="group-refused">
            {page.message}
          </p>
          <p className="mt-6">
            <Link to={calendarPath()} className="font-semibold text-ocean-600 underline underline-offset-2">
              See all course dates
            </Link>
          </p>
        </section>
      </>
    )
  }

  const {batch, left} = page
  const batchLabel = [batchDateRange(batch), batch.city].filter(Boolean).join(' · ')
  const hero = <PageHero eyebrow="Book for a group" title={`${batch.courseName} for your crew`} lead={`${batch.courseFullName} · ${batchLabel}`} />

  if (page.state === 'full' || left < 2) {
    return (
      <>
        {hero}
        <section className="container-page max-w-3xl space-y-6 py-12">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800" data-testid="group-seats-left">
            {left <= 0 ? BATCH_MESSAGES.full : seatsLeftMessage(left)}
          </p>
          {left <= 0 ? (
            <Waitlist batchId={batch.id} batchLabel={batchLabel} defaults={{}} onChooseAnother={() => navigate(calendarPath(batch.categoryId))} />
          ) : (
            <p className="text-slate-700">
              {GROUP_MESSAGES.seatsMin}.{' '}
              <Link to={calendarPath(batch.categoryId)} className="font-semibold text-ocean-600 underline underline-offset-2">
                See the other dates of this course
              </Link>
            </p>
          )}
        </section>
      </>
    )
  }

  return (
    <>
      {hero}
      <GroupBookingForm
        batch={batch}
        left={left}
        currencies={page.currencies}
        tiers={page.tiers}
        invoiceDueDate={page.invoiceDueDate}
        countries={page.countries}
        onBooked={(path) => navigate(path)}
        onSeatsConflict={() => revalidator.revalidate()}
      />
    </>
  )
}
