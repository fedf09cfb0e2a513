/**
 * The group bookings in Netlify Blobs (store `group-bookings`, one JSON GroupBooking per booking
 * id): read, listed, and changed only through updateJSON (a conditional write on the record as it
 * is at that moment), so a delegate save, finance's payment and the release job never overwrite
 * each other.
 */
import {randomBytes} from 'node:crypto'
import {isGroupBookingId} from '#schemas/contracts/group-bookings'
import {listKeys, openStore, STORES, updateJSON, type Refusal, type UpdateResult} from '#netlify/platform/blobs'
import type {GroupBooking} from './record'

export type {GroupBooking, StoredDelegate, BookingClosure, ProformaPayment} from './record'

export const groupBookingsStore = () => openStore(STORES.groupBookings)

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** A new booking id: `grp_` + 16 random letters and digits (≈ 95 bits). */
export function newGroupBookingId(): string {
  const bytes = randomBytes(16)
  return `grp_${[...bytes].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`
}

/** The booking `bookingId`, or null (also for anything that is not a booking id: never a listing). */
export async function getGroupBooking(bookingId: string): Promise<GroupBooking | null> {
  if (!isGroupBookingId(bookingId)) return null
  return ((await groupBookingsStore().get(bookingId, {type: 'json'})) as GroupBooking | null) ?? null
}

/** Stores a new booking; throws if the id exists already (a random id never repeats in practice). */
export async function createGroupBookingRecord(booking: GroupBooking): Promise<void> {
  const result = await groupBookingsStore().setJSON(booking.bookingId, booking, {onlyIfNew: true})
  if (!result.modified) throw new Error(`A group booking ${booking.bookingId} already exists`)
}

/** Changes booking `bookingId` through a conditional write (updateJSON's contract: undefined leaves it, refuse(reason) refuses). */
export function updateGroupBooking<R = never>(
  bookingId: string,
  change: (current: GroupBooking | null) => GroupBooking | undefined | Refusal<R>,
): Promise<UpdateResult<GroupBooking, R>> {
  return updateJSON<GroupBooking, R>(groupBookingsStore(), bookingId, change)
}

/** Every booking, in no particular order (staff's list and the release job: hundreds, not millions). */
export async function listGroupBookings(): Promise<GroupBooking[]> {
  const store = groupBookingsStore()
  const keys = await listKeys(store, isGroupBookingId)
  const found = await Promise.all(keys.map(async (key) => (await store.get(key, {type: 'json'})) as GroupBooking | null))
  return found.filter((booking): booking is GroupBooking => booking !== null)
}
