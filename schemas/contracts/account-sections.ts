/**
 * My training's certificates, waitlists, practice exams and privacy sections
 * (docs/requirements.md#req-account, docs/account/certificates-waitlists-exams-privacy.md): their
 * request bodies, answers and visible texts.
 *
 *   POST /api/account/waitlists/{batchId}/{entryId}/leave   → 200 LeaveWaitlistResponse; 404 not theirs
 *   POST /api/account/exam-attempts   StoreExamAttemptRequestSchema → 201 (stored) / 200 (already) StoredExamAttemptResponse;
 *                                     400 bad body or a draw not issued by the site, 404 unknown exam
 *   POST /api/account/erasure-request ErasureRequestBodySchema → 202 ErasureRequestResponse
 *   GET  /api/admin/privacy/requests  → 200 ErasureRequestListSchema (owner: privacy:manage)
 *   GET  /account/certificates/{number}.pdf, /account/exam-attempts/{id}.pdf, /account/my-data
 *                                     files of the session's address; 404 otherwise
 *
 * Every one answers 401 "Please sign in again" without a live session (the pages: to /account).
 */
import {z} from 'zod'
import {ExamResultsPdfRequestSchema} from './exam-results-pdf'
import {SignedDrawSchema} from './exam-attempts'
import {EXAM_ID_PATTERN} from './exam-statistics'

/** The status after "Leave the waitlist". */
export const LEFT_WAITLIST = 'You have left the waitlist.'

/** The status on the results page once a signed-in attempt is kept with the account. */
export const ATTEMPT_SAVED = 'Saved in My training.'

/** What the privacy section says while an erasure request waits for staff. */
export const ERASURE_PENDING = 'We have your request to erase your data. We will write to you when it is done.'

/** The status after "Ask us to erase my data". */
export const ERASURE_RECEIVED = 'Thank you: we have your request and will write to you when your data is erased.'

/** Longest reason of an erasure request (characters). */
export const MAX_ERASURE_REASON = 500

/** 200 of the leave endpoint. */
export const LeaveWaitlistResponseSchema = z.object({batchId: z.string(), entryId: z.string(), message: z.string()})
export type LeaveWaitlistResponse = z.infer<typeof LeaveWaitlistResponseSchema>

/**
 * The body of POST /api/account/exam-attempts: the submitted attempt as the results page keeps
 * it (answers, seconds spent, submission time, time zone) with its exam and the signed draw it
 * started with. The server checks the draw and scores the answers itself.
 */
export const StoreExamAttemptRequestSchema = ExamResultsPdfRequestSchema.extend({
  examId: z.string().regex(EXAM_ID_PATTERN, 'examId is not an exam id'),
  draw: SignedDrawSchema,
})
export type StoreExamAttemptRequest = z.input<typeof StoreExamAttemptRequestSchema>

/** 201/200 of POST /api/account/exam-attempts. */
export const StoredExamAttemptResponseSchema = z.object({attemptId: z.string(), message: z.string()})

/** The body of POST /api/account/erasure-request. */
export const ErasureRequestBodySchema = z
  .object({
    reason: z
      .string({invalid_type_error: 'The reason must be text'})
      .trim()
      .max(MAX_ERASURE_REASON, `The reason is too long (at most ${MAX_ERASURE_REASON} characters)`)
      .optional(),
  })
  .strict()

/** 202 of POST /api/account/erasure-request. */
export const ErasureRequestResponseSchema = z.object({message: z.string()})

/** A pending erasure request as staff see it. */
export const ErasureRequestSchema = z.object({
  email: z.string(),
  emailHash: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  requestedAt: z.string(),
})
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>

/** 200 of GET /api/admin/privacy/requests: the pending requests, oldest first. */
export const ErasureRequestListSchema = z.object({requests: z.array(ErasureRequestSchema)})
export type ErasureRequestList = z.infer<typeof ErasureRequestListSchema>
