/**
 * The forms of the public certificate pages (docs/requirements.md#req-issue-20-verify):
 * /verify ("Certificate number", "Date of birth") and /verify/{number} ("Date of birth" alone).
 * The same values and checks as GET /api/verify's VerifyQuerySchema (schemas/contracts/certificates.ts:
 * the number pattern of schemas/rules/certificates.ts, trimmed and upper-cased; a real calendar
 * day), with messages written for visitors instead of the API's field names. Used in the browser
 * (conform) and by the pages' action, whose output goes to verifyCertificate as a VerifyQuery.
 */
import {z} from 'zod'
import {isIsoDate} from '#schemas/rules/batches'
import {isCertificateNumber} from '#schemas/rules/certificates'
import type {VerifyQuery} from '../certificates'

export const VERIFY_FORM_MESSAGES = {
  numberRequired: 'Please enter the certificate number.',
  numberInvalid: 'Please enter the number as printed on the certificate, e.g. MTC-BOSIET-2026-00001.',
  dateOfBirthRequired: 'Please enter the date of birth.',
  dateOfBirthInvalid: 'Please enter a real date of birth.',
} as const

const numberField = z
  .string({required_error: VERIFY_FORM_MESSAGES.numberRequired})
  .trim()
  .min(1, VERIFY_FORM_MESSAGES.numberRequired)
  // Only a non-empty value is checked further: one message at a time.
  .pipe(z.string().toUpperCase().refine(isCertificateNumber, VERIFY_FORM_MESSAGES.numberInvalid))

const dateOfBirthField = z
  .string({required_error: VERIFY_FORM_MESSAGES.dateOfBirthRequired})
  .trim()
  .min(1, VERIFY_FORM_MESSAGES.dateOfBirthRequired)
  .pipe(z.string().refine(isIsoDate, VERIFY_FORM_MESSAGES.dateOfBirthInvalid))

/** /verify: the number and the date of birth. */
export const VerifyFormSchema = z.object({number: numberField, dateOfBirth: dateOfBirthField}) satisfies z.ZodType<VerifyQuery>

/** /verify/{number}: the date of birth (the number is the page's own). */
export const DateOfBirthFormSchema = z.object({dateOfBirth: dateOfBirthField})
