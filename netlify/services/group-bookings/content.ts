/**
 * What group bookings read from the content: the batch with its course's price and its
 * category's group discount tiers (the booking form and POST /api/group-bookings price from the
 * same facts), and the bank details the pro-forma prints. Published documents only; a document
 * that does not fit is treated as unknown (logged), as batches are everywhere.
 */
import {z} from 'zod'
import {BATCH_SEATS} from '#schemas/rules/batches'
import {discountTiers, type DiscountTier} from '#schemas/rules/group-booking'
import {payableIn, type Currency} from '#schemas/rules/price'
import {fetchContent} from '#netlify/platform/content/client'

/** The batch `$batchId` with its course's price facts and its category's discount tiers. */
export const GROUP_BATCH_QUERY = `*[_type == "courseBatch" && _id == $batchId][0]{
  "id": _id, startDate, endDate, city, venue, status,
  "seats": coalesce(seats, ${BATCH_SEATS.initial}),
  "country": location->country,
  "course": course->{
    "cadetship": _type == "cadetshipProgramme",
    "name": coalesce(name, enrolCourse),
    fullName,
    pricing, priceUsd, priceInr,
    "program": select(_type == "cadetshipProgramme" => "cadetship-training", category->slug.current),
    "programName": select(_type == "cadetshipProgramme" => heading, category->title),
    "tiers": category->groupDiscounts[]{minSeats, percent}
  }
}`

/** The bank details of the site settings (the pro-forma's payment instructions). */
export const BANK_DETAILS_QUERY = `*[_type == "siteSettings" && _id == "siteSettings"][0].bankDetails{accountName, bankName, accountNumber, iban, swift, ifsc, branch}`

const DATE = /^\d{4}-\d{2}-\d{2}$/
const GroupBatchSchema = z.object({
  id: z.string(),
  startDate: z.string().regex(DATE),
  endDate: z.string().regex(DATE),
  city: z.string().nullish(),
  venue: z.string().nullish(),
  status: z.string(),
  seats: z.number().int().min(1),
  country: z.string().nullish(),
  course: z.object({
    cadetship: z.boolean().nullish(),
    name: z.string(),
    fullName: z.string().nullish(),
    pricing: z.string().nullish(),
    priceUsd: z.number().nullish(),
    priceInr: z.string().nullish(),
    program: z.string().nullish(),
    programName: z.string().nullish(),
    tiers: z.array(z.object({minSeats: z.number().nullish(), percent: z.number().nullish()})).nullish(),
  }),
})

/** A batch as a group booking sees it: dates, place, seats, status, and its course's prices (major units) and discount tiers. */
export type GroupBatch = {
  id: string
  startDate: string
  endDate: string
  city: string
  venue: string | null
  country: string
  status: string
  seats: number
  course: {
    name: string
    fullName: string
    program: string
    programName: string
    cadetship: boolean
    /** The payable unit price per currency (major units; null: not payable in it). */
    prices: Record<Currency, number | null>
    tiers: DiscountTier[]
  }
}

/** The batch `batchId` for a group booking, or null (unknown, or not fitting the content contract). */
export async function fetchGroupBatch(batchId: string): Promise<GroupBatch | null> {
  const result = await fetchContent(GROUP_BATCH_QUERY, {batchId})
  if (!result) return null
  const parsed = GroupBatchSchema.safeParse(result)
  if (!parsed.success) {
    console.error(`[group-bookings] courseBatch ${batchId} does not fit the contract; treated as unknown`, parsed.error.issues[0])
    return null
  }
  const {course, ...batch} = parsed.data
  const price = {pricing: course.pricing ?? null, priceUsd: course.priceUsd ?? null, priceInr: course.priceInr ?? null}
  return {
    id: batch.id,
    startDate: batch.startDate,
    endDate: batch.endDate,
    city: batch.city ?? '',
    venue: batch.venue ?? null,
    country: batch.country ?? '',
    status: batch.status,
    seats: batch.seats,
    course: {
      name: course.name,
      fullName: course.fullName ?? course.name,
      program: course.program ?? '',
      programName: course.programName ?? '',
      cadetship: course.cadetship === true,
      prices: {USD: payableIn(price, 'USD'), INR: payableIn(price, 'INR')},
      tiers: discountTiers(course.tiers),
    },
  }
}

/** Bank details for the pro-forma; each line may be empty. */
export type BankDetails = {accountName: string; bankName: string; accountNumber: string; iban: string; swift: string; ifsc: string; branch: string}

/** The site settings' bank details (empty strings where unset). */
export async function fetchBankDetails(): Promise<BankDetails> {
  const found = ((await fetchContent(BANK_DETAILS_QUERY)) ?? {}) as Partial<Record<keyof BankDetails, string | null>>
  const line = (key: keyof BankDetails) => (typeof found[key] === 'string' ? found[key]!.trim() : '')
  return {
    accountName: line('accountName'),
    bankName: line('bankName'),
    accountNumber: line('accountNumber'),
    iban: line('iban'),
    swift: line('swift'),
    ifsc: line('ifsc'),
    branch: line('branch'),
  }
}
