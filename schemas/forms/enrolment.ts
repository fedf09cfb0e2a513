/**
 * The enrolment form (docs/requirements.md#req-entities-enrolment, #req-validation-enrolment, #req-calls): EnrolmentFormSchema, what the visitor fills in,
 * used by the /payment form in the browser (conform) and, inside POST /api/enroll/create-order's
 * body, by the order function. `amount` is USD (major units). The API bodies and answers built on
 * it are schemas/api/enrolment.ts.
 * Messages are the spec's where it gives them (docs/requirements.md#req-errors): ENROLMENT_MESSAGES and the
 * "competency training needs a country" rule (needsCountry) of web/app/domain/enrolment.ts;
 * neither is restated here.
 */
import {z} from 'zod'
import {ENROLMENT_MESSAGES, needsCountry} from '~/domain/enrolment'
import {parseAmountUsd} from '~/domain/price'
import {isTermsAccepted, TERMS_MESSAGE} from '~/domain/terms'
import {BatchIdSchema} from '../api/ids'
import {emailField, mobileField, personNameField} from './fields'

const trimmed = (max: number, message: string) =>
  z.string({required_error: message, invalid_type_error: message}).trim().min(1, message).max(max, `Please use at most ${max} characters.`)

/** The enrolment form: the visitor's details, the program/course/country selection, the amount (USD) and the terms' acceptance (issue 17). */
export const EnrolmentFormSchema = z
  .object({
    name: personNameField('Please enter your full name.'),
    email: emailField(),
    mobile: mobileField(),
    trainingProgram: trimmed(64, 'Please select a training program.'),
    course: trimmed(120, ENROLMENT_MESSAGES.invalidCourse),
    country: z.string().trim().max(64).optional(),
    // Checked after the country (below): for competency training the amount follows the
    // country, so a missing country is the message the visitor needs (docs/requirements.md#req-validation-enrolment).
    // Whole cents only, as a number or the form's decimal text (parseAmountUsd); anything else is
    // NaN here, which the number schema refuses with the message below.
    amount: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? undefined : (parseAmountUsd(value) ?? Number.NaN)),
      z
        .number({invalid_type_error: ENROLMENT_MESSAGES.invalidAmount})
        .finite(ENROLMENT_MESSAGES.invalidAmount)
        .positive(ENROLMENT_MESSAGES.invalidAmount)
        .max(1_000_000, ENROLMENT_MESSAGES.invalidAmount)
        .optional(),
    ),
    currency: z.literal('USD').default('USD'),
    // Issue 16 (docs/requirements.md#req-batches-form): the chosen course batch, a `courseBatch`
    // id; '' (no choice, or a course with no dates) is absent. Optional here because orders
    // without one stay valid (staff arrange the date); the form requires one when the course has
    // open batches (domain/batches.ts checkBatchChoice, BATCH_REQUIRED).
    batchId: z.preprocess((value) => (value === '' || value === null ? undefined : value), BatchIdSchema.optional()),
    // Issue 17 (docs/requirements.md#req-terms, web/app/domain/terms.ts): only `true` accepts
    // the terms (the form's ticked checkbox, 'on', is coerced to true by conform). Optional here
    // and checked below, so a missing acceptance is reported with the other fields' errors.
    termsAccepted: z.literal(true, {errorMap: () => ({message: TERMS_MESSAGE})}).optional(),
  })
  .superRefine((form, ctx) => {
    if (!isTermsAccepted(form.termsAccepted)) ctx.addIssue({code: z.ZodIssueCode.custom, path: ['termsAccepted'], message: TERMS_MESSAGE})
    if (needsCountry(form.trainingProgram) && !form.country) {
      ctx.addIssue({code: z.ZodIssueCode.custom, path: ['country'], message: ENROLMENT_MESSAGES.countryRequired})
    } else if (form.amount === undefined) {
      ctx.addIssue({code: z.ZodIssueCode.custom, path: ['amount'], message: ENROLMENT_MESSAGES.invalidAmount})
    }
  })
  // Past the checks above the amount is always present and the terms are accepted.
  .transform((form) => ({...form, amount: form.amount ?? Number.NaN, termsAccepted: true as const}))

export type EnrolmentForm = z.infer<typeof EnrolmentFormSchema>
