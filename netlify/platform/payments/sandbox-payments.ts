/**
 * The sandbox gateway's own record of captured payments, per order (store `sandbox-payments`):
 * written by "Pay" in the sandbox checkout (netlify/services/payments/sandbox.ts), read by the
 * sandbox gateway's fetchOrderPayments (./sandbox.ts) as Razorpay's `orders.fetchPayments` would
 * answer (reconciliation).
 */
import {openStore, STORES, updateJSON} from '../blobs'

/** A payment as the sandbox gateway keeps it (the fields of Razorpay's payment entity that reconciliation reads). */
export type SandboxPayment = {id: string; amount: number; currency: string; status: 'captured'; createdAt: string}

/** Adds a captured payment to the sandbox's record of `orderId` (store `sandbox-payments`, conditional write). */
export async function recordSandboxPayment(orderId: string, payment: SandboxPayment): Promise<void> {
  await updateJSON<{payments: SandboxPayment[]}>(openStore(STORES.sandboxPayments), orderId, (current) => ({payments: [...(current?.payments ?? []), payment]}))
}

/** The sandbox gateway's payments of `orderId`, oldest first (none for an order never paid). */
export async function sandboxPaymentsOf(orderId: string): Promise<SandboxPayment[]> {
  const stored = (await openStore(STORES.sandboxPayments).get(orderId, {type: 'json'})) as {payments: SandboxPayment[]} | null
  return stored?.payments ?? []
}
