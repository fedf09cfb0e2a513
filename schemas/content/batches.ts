/**
 * Scheduled batches (docs/requirements.md#req-batches-content): one dated run of a
 * priced course (or a cadetship intake) at a training location, with its seats. The site lists
 * them on the category pages and /courses/calendar; the seats backend counts holds and bookings
 * per batch `_id`. Dates are calendar days 'YYYY-MM-DD' in the provider's time zone (Asia/Dubai);
 * the rules are schemas/rules/batches.ts's.
 */
import {defineField, defineType, type ValidationContext} from 'sanity'
import {BATCH_SEATS, BATCH_STATUSES, batchDateRange, checkBatchEnd, checkBatchStart, providerToday} from '../rules/batches'
import {documentFields, required} from './shared'

/** API version of the look-ups below (same as the desk structure's lists). */
const API_VERSION = '2024-01-01'

/** The `_ref` of a reference value, or undefined. */
const refOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && typeof (value as {_ref?: unknown})._ref === 'string' ? (value as {_ref: string})._ref : undefined

/**
 * The day the batch document was created, in the provider's time zone: from `_createdAt`; for a
 * draft not yet saved (no `_createdAt`), today. Null for a document without either (a seed or
 * imported published document): the "future start" rule is for new batches only.
 */
function createdDay(context: ValidationContext): string | null {
  const doc = documentFields(context)
  if (typeof doc._createdAt === 'string' && !Number.isNaN(Date.parse(doc._createdAt))) return providerToday(new Date(doc._createdAt))
  return typeof doc._id === 'string' && doc._id.startsWith('drafts.') ? providerToday(new Date()) : null
}

/**
 * The course rule: a fixed-price course with a price (payableUsd's rule) or the cadetship
 * programme (an intake, paid with its first installment); competency courses are quoted on
 * request and have no batches. Reads the referenced document through the Studio's client.
 */
async function checkPricedCourse(value: unknown, context: ValidationContext): Promise<true | string> {
  const id = refOf(value)
  if (!id) return true
  const course = await context
    .getClient({apiVersion: API_VERSION})
    .fetch<{_type?: string; pricing?: string; priceUsd?: number; enrolAmountUsd?: number} | null>(
      '*[_id == $id][0]{_type, pricing, priceUsd, enrolAmountUsd}',
      {id},
    )
  if (!course) return true // reference existence is Sanity's own check
  if (course._type === 'cadetshipProgramme') return typeof course.enrolAmountUsd === 'number' ? true : 'The cadetship programme has no enrolment amount yet'
  return course.pricing === 'fixed' && typeof course.priceUsd === 'number'
    ? true
    : 'Only a fixed-price course can have batches ("Contact for pricing" courses are arranged on request)'
}

/** The city rule: one of the referenced location's cities. */
async function checkCity(city: unknown, context: ValidationContext): Promise<true | string> {
  const locationId = refOf(documentFields(context).location)
  if (typeof city !== 'string' || !locationId) return true
  const cities = await context.getClient({apiVersion: API_VERSION}).fetch<string[] | null>('*[_id == $id][0].cities', {id: locationId})
  if (!Array.isArray(cities)) return true
  return cities.includes(city) ? true : `The city must be one of the location's cities: ${cities.join(', ')}`
}

export const courseBatch = defineType({
  name: 'courseBatch',
  title: 'Course batch',
  type: 'document',
  fields: [
    defineField({
      name: 'course',
      type: 'reference',
      to: [{type: 'course'}, {type: 'cadetshipProgramme'}],
      description:
        'The course this batch teaches: a fixed-price course, or the cadetship programme for an intake. "Contact for pricing" (competency) courses have no batches.',
      validation: (Rule) => Rule.required().custom(checkPricedCourse),
    }),
    defineField({
      name: 'startDate',
      type: 'date',
      description: 'First day of the course (Dubai time). A new batch must start in the future; a batch disappears from the site the day it starts.',
      options: {dateFormat: 'D MMM YYYY'},
      validation: (Rule) => Rule.required().custom((value: string | undefined, context) => checkBatchStart(value, createdDay(context))),
    }),
    defineField({
      name: 'endDate',
      type: 'date',
      description: 'Last day of the course; the same day as the start for a one-day course.',
      options: {dateFormat: 'D MMM YYYY'},
      validation: (Rule) =>
        Rule.required().custom((value: string | undefined, context) => {
          const start = documentFields(context).startDate
          return checkBatchEnd(typeof start === 'string' ? start : undefined, value)
        }),
    }),
    defineField({
      name: 'location',
      title: 'Training location',
      type: 'reference',
      to: [{type: 'location'}],
      description: 'The country (training location) where the batch is held.',
      validation: required,
    }),
    defineField({
      name: 'city',
      type: 'string',
      description:
        'The city of the training centre, exactly as written in the location\'s list of cities, e.g. "Mumbai". Shown on the course card and the calendar.',
      validation: (Rule) => Rule.required().custom(checkCity),
    }),
    defineField({
      name: 'venue',
      type: 'string',
      description: 'Optional venue line shown on the calendar, e.g. "Andheri campus, Building B".',
      validation: (Rule) => Rule.max(120),
    }),
    defineField({
      name: 'seats',
      type: 'number',
      description: `Seats in the class, a whole number from ${BATCH_SEATS.min} to ${BATCH_SEATS.max}; the site counts paid bookings and seats held during payment against it.`,
      initialValue: BATCH_SEATS.initial,
      validation: (Rule) => Rule.required().integer().min(BATCH_SEATS.min).max(BATCH_SEATS.max),
    }),
    defineField({
      name: 'status',
      type: 'string',
      description: '"Open" takes enrolments; "Closed" is still listed on the calendar but cannot be booked; "Cancelled" is hidden from the site.',
      options: {
        list: BATCH_STATUSES.map((value) => ({title: value[0]!.toUpperCase() + value.slice(1), value})),
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: 'open',
      validation: required,
    }),
    defineField({
      name: 'note',
      type: 'text',
      rows: 2,
      description: 'Optional remark for candidates shown on the calendar, e.g. "Evening classes".',
      validation: (Rule) => Rule.max(300),
    }),
  ],
  orderings: [
    {title: 'Start date', name: 'startDate', by: [{field: 'startDate', direction: 'asc'}]},
    {title: 'Start date, latest first', name: 'startDateDesc', by: [{field: 'startDate', direction: 'desc'}]},
  ],
  preview: {
    select: {name: 'course.name', heading: 'course.heading', startDate: 'startDate', endDate: 'endDate', city: 'city', status: 'status'},
    prepare: ({name, heading, startDate, endDate, city, status}) => ({
      title: [name ?? heading ?? 'No course', batchDateRange({startDate: startDate ?? null, endDate: endDate ?? null})].filter(Boolean).join(' · '),
      subtitle: [city ?? 'No city', status && status !== 'open' ? String(status).toUpperCase() : null].filter(Boolean).join(' · '),
    }),
  },
})

export const batchTypes = [courseBatch]
