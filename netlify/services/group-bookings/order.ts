/** The order of a group booking as an enrolment record: its `groupOrder` facts, changed through a conditional write. */
import type {GroupOrderFacts} from '../enrolments/record'
import {updateEnrolmentRecord, type EnrolmentRecord} from '../enrolments/enrolments'

/**
 * Applies `change` to the `groupOrder` facts of order `orderId` at `now` (undefined: leave them).
 * Resolves to the stored record, or null when the order is missing or is not a group order.
 */
export async function updateGroupOrder(
  orderId: string,
  change: (facts: GroupOrderFacts) => GroupOrderFacts | undefined,
  now: Date,
): Promise<EnrolmentRecord | null> {
  return updateEnrolmentRecord(orderId, (current) => {
    if (!current?.groupOrder) return undefined
    const facts = change(current.groupOrder)
    return facts ? {...current, groupOrder: facts, updatedAt: now.toISOString()} : undefined
  })
}

/** What cancelUnpaidOrder found: `cancelled` (by this call, or before), `paid` (its payment arrived first: unchanged), `missing`. */
export type UnpaidCancel = 'cancelled' | 'paid' | 'missing'

/**
 * Cancels the order `orderId` only while it is still pending (a conditional write, with one
 * history entry by `account` saying `note`): the one arbiter between a payment arriving and the
 * seats being released — markPaid then refuses the cancelled order, and a paid one is never
 * cancelled here.
 */
export async function cancelUnpaidOrder(orderId: string, note: string, account: string, now: Date): Promise<UnpaidCancel> {
  let outcome: UnpaidCancel = 'missing'
  await updateEnrolmentRecord(orderId, (current) => {
    if (!current) return void (outcome = 'missing')
    if (current.status === 'cancelled') return void (outcome = 'cancelled')
    if (current.status !== 'pending') return void (outcome = 'paid')
    outcome = 'cancelled'
    const at = now.toISOString()
    return {...current, status: 'cancelled', history: [...(current.history ?? []), {at, by: account, from: 'pending', to: 'cancelled', note}], updatedAt: at}
  })
  return outcome
}
