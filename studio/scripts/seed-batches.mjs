/**
 * Writes the seed's course batches into studio/seed/production.ndjson, replacing the
 * `courseBatch` documents already there; everything else stays as it is. Deterministic: the same
 * catalogue gives the same batches, byte for byte.
 *
 *   node studio/scripts/seed-batches.mjs
 *
 * What it schedules, December 2026 through December 2027 (fixed dates, so the embedded site stays
 * useful for a year; past batches leave the site by themselves):
 * - every fixed-price pre-sea, STCW, offshore and value-added course: a batch every second month
 *   (alternate courses start in December or January), on the 1st–4th Monday of the month, in
 *   cities rotating over the seed's training locations; the popular courses (Basic STCW, BOSIET,
 *   HUET, PSF) get a second batch in the other months;
 * - the cadetship programme's 2027 intakes (February, June, October; 9 months each), as batches
 *   whose `course` references the `cadetshipProgramme` document;
 * - seats mostly 12, some 8, 16 or 20; a few batches closed, one cancelled; Environmental
 *   Compliance has only closed batches (its card then says "Dates on request").
 *
 * Ids: `batch-{course id without "course-{category}-"}-{start}-{city slug}`, e.g.
 * `batch-bosiet-2027-01-11-mumbai` — letters, digits and hyphens only, like every seed id (a dot
 * would make the document private in a real dataset).
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const FILE = fileURLToPath(new URL('../seed/production.ndjson', import.meta.url))

/** The categories whose priced courses get batches. */
const CATEGORIES = ['pre-sea-training', 'stcw-courses', 'offshore-survival', 'value-added-courses']
/** Cities in rotation, with their location document. */
const CITIES = [
  ['Mumbai', 'location-in'],
  ['Dubai', 'location-ae'],
  ['Manila', 'location-ph'],
  ['Chennai', 'location-in'],
  ['Singapore', 'location-sg'],
  ['Colombo', 'location-lk'],
  ['Kochi', 'location-in'],
  ['Ajman', 'location-ae'],
  ['Cebu', 'location-ph'],
  ['Ho Chi Minh City', 'location-vn'],
]
const POPULAR = new Set(['course-stcw-courses-basic-stcw', 'course-offshore-survival-bosiet', 'course-offshore-survival-huet', 'course-pre-sea-training-psf'])
const ALL_CLOSED = 'course-value-added-courses-environmental-compliance'
const CANCELLED = 'batch-ecdis-2027-03-22-ajman'
const VENUES = {
  Mumbai: 'Andheri training centre, Marol',
  Dubai: 'Dubai Maritime City, Block C',
  Singapore: 'Jurong maritime campus',
  Manila: 'Intramuros campus, Gen. Luna St',
}

const pad = (n) => String(n).padStart(2, '0')
const iso = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** The nth (1-based) Monday of a month (month 0-based, may run past 11 into the next year). */
function nthMonday(year, month, n) {
  const first = new Date(Date.UTC(year, month, 1))
  const offset = (8 - first.getUTCDay()) % 7 // days to the first Monday
  return new Date(Date.UTC(year, month, 1 + offset + 7 * (n - 1)))
}

/** Calendar days a course spans, from its duration text ("5 days", "2 weeks"; weeks end on a Friday). */
function spanDays(duration) {
  const match = /^(\d+)\s*(day|week)s?$/i.exec(String(duration).trim())
  if (!match) throw new Error(`Unreadable duration: ${duration}`)
  const n = Number(match[1])
  return match[2].toLowerCase() === 'week' ? 7 * n - 2 : n
}

function batch(courseId, suffix, start, span, [city, location], k, seed) {
  const end = new Date(start.getTime() + (span - 1) * 86_400_000)
  const id = `batch-${suffix}-${iso(start)}-${slug(city)}`
  const seats = seed % 9 === 0 ? 8 : seed % 9 === 4 ? 16 : seed % 13 === 5 ? 20 : 12
  const closed = courseId === ALL_CLOSED || seed % 23 === 7
  const doc = {
    _id: id,
    _type: 'courseBatch',
    course: {_type: 'reference', _ref: courseId},
    startDate: iso(start),
    endDate: iso(end),
    location: {_type: 'reference', _ref: location},
    city,
    ...(VENUES[city] && k % 2 === 0 ? {venue: VENUES[city]} : {}),
    seats,
    status: id === CANCELLED ? 'cancelled' : closed ? 'closed' : 'open',
  }
  if (courseId === ALL_CLOSED) doc.note = 'Enrolment reopens when the updated MARPOL Annex VI syllabus is approved; ask us for dates.'
  else if (id === CANCELLED) doc.note = 'Cancelled: the simulator is being upgraded. Candidates are offered the May batch in Mumbai.'
  else if (doc.status === 'closed') doc.note = 'Enrolment closed: the class is fully booked by a shipping company.'
  return doc
}

const lines = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
const documents = lines.map((line) => JSON.parse(line))
const kept = lines.filter((_, i) => documents[i]._type !== 'courseBatch')
const categoryOf = new Map(documents.filter((d) => d._type === 'courseCategory').map((d) => [d._id, d.slug.current]))
const courses = documents
  .filter((d) => d._type === 'course' && CATEGORIES.includes(categoryOf.get(d.category._ref)) && d.pricing === 'fixed' && typeof d.priceUsd === 'number')
  .sort((a, b) => CATEGORIES.indexOf(categoryOf.get(a.category._ref)) - CATEGORIES.indexOf(categoryOf.get(b.category._ref)) || a.order - b.order)

const batches = []
courses.forEach((course, i) => {
  const suffix = course._id.replace(`course-${categoryOf.get(course.category._ref)}-`, '')
  const span = spanDays(course.duration)
  for (let k = 0; k < 7; k++) {
    const months = [2 * k + (i % 2)]
    if (POPULAR.has(course._id)) months.push(2 * k + 1 - (i % 2))
    for (const m of months) {
      if (m > 12) continue // December 2026 (m = 0) through December 2027 (m = 12)
      const start = nthMonday(2026, 11 + m, 1 + ((i + k + m) % 4))
      const seed = i * 7 + k * 3 + m
      batches.push(batch(course._id, suffix, start, span, CITIES[(i * 3 + k + m) % CITIES.length], k, seed))
    }
  }
})

// The cadetship intakes of 2027: 9 months of college and on-ship training each.
for (const [start, end, city] of [
  ['2027-02-01', '2027-10-29', CITIES[0]],
  ['2027-06-07', '2028-03-03', CITIES[2]],
  ['2027-10-04', '2028-07-02', CITIES[0]],
]) {
  batches.push({
    _id: `batch-deck-cadet-${start}-${slug(city[0])}`,
    _type: 'courseBatch',
    course: {_type: 'reference', _ref: 'cadetshipProgramme'},
    startDate: start,
    endDate: end,
    location: {_type: 'reference', _ref: city[1]},
    city: city[0],
    seats: 30,
    status: 'open',
    note: 'Deck cadet intake: three months at college, then on-ship training.',
  })
}

batches.sort((a, b) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id))
const ids = new Set(batches.map((b) => b._id))
if (ids.size !== batches.length) throw new Error('Duplicate batch ids')
writeFileSync(FILE, [...kept, ...batches.map((b) => JSON.stringify(b))].join('\n') + '\n')
console.log(`seed-batches: ${batches.length} batches for ${courses.length} courses and the cadetship intakes`)
