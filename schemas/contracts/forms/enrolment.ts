/**
 * The enrolment form (docs/requirements.md#req-entities-enrolment, #req-validation-enrolment, #req-calls): EnrolmentFormSchema, what the visitor fills in,
 * used by the /payment form in the browser (conform) and, inside POST /api/enroll/create-order's
 * body, by the order function. `amount` is in `currency` (USD, the default, or INR; major units). The API bodies and answers built on
 * it are schemas/contracts/enrolment.ts.
 * Messages are the spec's where it gives them (docs/requirements.md#req-errors): ENROLMENT_MESSAGES and the
 * "competency training needs a country" rule (needsCountry) of schemas/rules/enrolment.ts;
 * neither is restated here.
 */
import {z} from 'zod'
import {ENROLMENT_MESSAGES, ENROLMENT_REQUIRED, needsCountry} from '#schemas/rules/enrolment'
import {CURRENCIES, parseAmountUsd} from '#schemas/rules/price'
import {isTermsAccepted, TERMS_MESSAGE} from '#schemas/rules/terms'
import {BatchIdSchema} from '../ids'
import {emailField, mobileField, personNameField} from './fields'

const trimmed = (max: number, message: string) =>
  z.string({required_error: message, invalid_type_error: message}).trim().min(1, message).max(max, `Please use at most ${max} characters.`)

/** The message for a currency other than CURRENCIES. */
export const CURRENCY_MESSAGE = `Please choose a currency: ${CURRENCIES.join(' or ')}.`

/**
 * The form's required text fields and their "missing" messages (schemas/rules/enrolment.ts, where
 * the /payment page reads them without loading zod). A missing one is reported by the refinement
 * below rather than by its field schema (optional there): a missing field then does not stop the
 * other checks (zod skips refinements after a missing required field), so the form lists every
 * error at once (docs/requirements.md#req-checkout-errors). Empty text is still refused
 * by each field's own minimum, with the same message.
 */
export {ENROLMENT_REQUIRED}

/** The enrolment form: the visitor's details, the program/course/country selection, the currency, the amount (in that currency) and the terms' acceptance. */
export const EnrolmentFormSchema = z
  .object({
    name: personNameField(ENROLMENT_REQUIRED.name).optional(),
    email: emailField().optional(),
    mobile: mobileField().optional(),
    trainingProgram: trimmed(64, ENROLMENT_REQUIRED.trainingProgram).optional(),
    course: trimmed(120, ENROLMENT_REQUIRED.course).optional(),
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
    // docs/requirements.md#req-inr: USD (the default) or INR; `amount` is in this
    // currency. Whether the course has a price in it is the domain's (checkEnrolmentPrice).
    currency: z.enum(CURRENCIES, {errorMap: () => ({message: CURRENCY_MESSAGE})}).default('USD'),
    // docs/requirements.md#req-batches-form: the chosen course batch, a `courseBatch`
    // id; '' (no choice, or a course with no dates) is absent. Optional here because orders
    // without one stay valid (staff arrange the date); the form requires one when the course has
    // open batches (domain/batches.ts checkBatchChoice, BATCH_REQUIRED).
    batchId: z.preprocess((value) => (value === '' || value === null ? undefined : value), BatchIdSchema.optional()),
    // docs/requirements.md#req-terms, schemas/rules/terms.ts: only `true` accepts
    // the terms (the form's ticked checkbox, 'on', is coerced to true by conform; the API takes
    // JSON true only). A refinement rather than a required literal, so a missing or false
    // acceptance does not stop the checks below: the form lists it with every other error.
    termsAccepted: z.boolean({invalid_type_error: TERMS_MESSAGE}).optional().refine(isTermsAccepted, {message: TERMS_MESSAGE}),
  })
  .superRefine((form, ctx) => {
    for (const [field, message] of Object.entries(ENROLMENT_REQUIRED)) {
      if (form[field as keyof typeof ENROLMENT_REQUIRED] === undefined) ctx.addIssue({code: z.ZodIssueCode.custom, path: [field], message})
    }
    if (needsCountry(form.trainingProgram ?? '') && !form.country) {
      ctx.addIssue({code: z.ZodIssueCode.custom, path: ['country'], message: ENROLMENT_MESSAGES.countryRequired})
    } else if (form.course !== undefined && form.amount === undefined) {
      // (Without a course the amount cannot be known: the course's message is the one to show.)
      ctx.addIssue({code: z.ZodIssueCode.custom, path: ['amount'], message: ENROLMENT_MESSAGES.invalidAmount})
    }
  })
  // Past the checks above the required fields and the amount are always present.
  .transform(({name = '', email = '', mobile = '', trainingProgram = '', course = '', ...form}) => ({
    ...form,
    name,
    email,
    mobile,
    trainingProgram,
    course,
    amount: form.amount ?? Number.NaN,
  }))

export type EnrolmentForm = z.infer<typeof EnrolmentFormSchema>
