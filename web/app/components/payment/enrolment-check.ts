/**
 * The /payment form's check in the browser (docs/requirements.md#req-validation-enrolment,
 * #req-batches-form, #req-checkout-errors): the shared schema (schemas/contracts/forms/enrolment.ts, the one
 * create-order applies) through conform's zod integration (which reads the form's text as the
 * schema's types: '' is missing, a ticked checkbox's 'on' is true, "50" is 50), then the
 * catalogue price (domain/enrolment.ts checkEnrolmentPrice) and the batch choice (domain/batches.ts
 * checkBatchChoice).
 *
 * The page loads this module on the visitor's first interaction with the form, not with the page:
 * zod, the schemas and conform's parser are about a fifth of the page's JavaScript, and the form's
 * first paint and hydration do not need them (./useEnrolmentForm.ts, docs/performance.md).
 */
import {parseWithZod} from '@conform-to/zod'
import {checkBatchChoice, type BatchAvailability, type EnrolmentBatch} from '#schemas/rules/batches'
import {checkEnrolmentPrice, type EnrolmentCatalogue} from '#schemas/rules/enrolment'
import {EnrolmentFormSchema, type EnrolmentForm} from '#schemas/contracts/forms/enrolment'

export type EnrolmentCheckContext = {
  catalogue: EnrolmentCatalogue
  /**
   * The batches offered for a program and course ([] for a course without batches), or null while
   * they are not known (then no batch is required: a submit waits until they are known).
   */
  batchesOf: (selection: {trainingProgram: string; course: string}) => readonly EnrolmentBatch[] | null
  /** The live seat counts, when known. */
  availability: Record<string, BatchAvailability> | null
}

/** The form's value, or every field's messages (by field name, in the schema's order of checks). */
export type EnrolmentCheck = {ok: true; value: EnrolmentForm} | {ok: false; errors: Record<string, string[]>}

/** Checks the enrolment form's data (`formData`, as the form would post it). */
export function checkEnrolment(formData: FormData, {catalogue, batchesOf, availability}: EnrolmentCheckContext): EnrolmentCheck {
  const submission = parseWithZod(formData, {
    schema: EnrolmentFormSchema.superRefine((value, ctx) => {
      if (!value.trainingProgram || !value.course) return // their own messages are shown
      const check = checkEnrolmentPrice(catalogue, value)
      if (!check.ok) ctx.addIssue({code: 'custom', path: [check.field], message: check.message})
      const batchProblem = checkBatchChoice(batchesOf(value) ?? [], value.batchId, availability)
      if (batchProblem) ctx.addIssue({code: 'custom', path: ['batchId'], message: batchProblem})
    }),
  })
  if (submission.status === 'success') return {ok: true, value: submission.value}
  const errors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length) errors[name] = messages
  return {ok: false, errors}
}
