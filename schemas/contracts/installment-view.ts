/**
 * One cadetship installment as the admin detail (schemas/contracts/admin.ts EnrolmentDetailSchema
 * `installments`) and the confirmation page show it (docs/requirements.md#req-installments;
 * the rule is schemas/rules/installments.ts). Its own module so that ./admin.ts and
 * ./installments.ts both import it without importing each other.
 */
import {z} from 'zod'
import {INSTALLMENT_STATES} from '#schemas/rules/installments'

/** One installment as the admin detail and the confirmation page show it (amounts: USD and minor units; times ISO 8601). */
export const InstallmentViewSchema = z.object({
  number: z.number().int().positive(),
  label: z.string(),
  duration: z.string(),
  feeUsd: z.number(),
  amountMinor: z.number().int().positive(),
  state: z.enum(INSTALLMENT_STATES),
  receiptNumber: z.string().optional(),
  linkUrl: z.string().optional(),
  linkId: z.string().optional(),
  expireBy: z.string().optional(),
  paidAt: z.string().optional(),
  flag: z.string().optional(),
})
export type InstallmentViewBody = z.infer<typeof InstallmentViewSchema>
