/**
 * My training, the candidates' portal (docs/requirements.md#req-account): its request bodies,
 * its answers and its visible texts.
 *
 *   POST /api/account/sign-in-link  SignInLinkRequestSchema → 202 {message: SIGN_IN_LINK_SENT}
 *                                   (429 past the per-address or per-client limit)
 *   GET  /account/sign-in/{token}   opens a session (cookie) → 303 to /account, or 410 LINK_GONE
 *   GET  /api/account               → AccountOverview (401 without a live session)
 *   POST /api/account/sign-out      SignOutRequestSchema → 204 (the cookie cleared)
 *   POST /api/account/enrolments/{orderId}/documents  AddDocumentRequestSchema → 201 AddDocumentResponseSchema
 *                                   (404 not the candidate's, 400/409 the upload or the enrolment refuses it)
 *   PATCH /api/account/profile      ProfileUpdateSchema → 200 PortalProfileSchema (409 PROFILE_LOCKED)
 *
 * Every portal answer about a record is for the session's address only: another person's ids
 * answer 404, never 403, so nothing is revealed.
 */
import {z} from 'zod'
import {isIsoDate} from '#schemas/rules/batches'

/** How long a sign-in link works (milliseconds): 15 minutes, once. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000

/** How long a portal session lasts (seconds): 30 days from the sign-in. */
export const ACCOUNT_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

/** The answer to every accepted link request, whoever the address belongs to. */
export const SIGN_IN_LINK_SENT = 'Your sign-in link is on its way. Check your e-mail: the link works once, for 15 minutes.'

/** A used, expired or unknown sign-in link (410). */
export const LINK_GONE = 'This link has expired or was already used'

/** What /account says when a session has ended or expired. */
export const SIGN_IN_AGAIN = 'Please sign in again'

/** Too many links asked for (429). */
export const TOO_MANY_LINKS = 'Too many sign-in links were asked for. Please try again later.'

/** A record that is not the session's (or does not exist): 404. */
export const ACCOUNT_NOT_FOUND = 'Not found'

/** Longest address (characters, RFC 5321). */
const MAX_EMAIL = 254

/** An e-mail address, trimmed and lower-cased: the portal matches records case-insensitively. */
export const AccountEmailSchema = z
  .string({required_error: 'Enter your e-mail address', invalid_type_error: 'Enter your e-mail address'})
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(MAX_EMAIL, `The e-mail address is too long (at most ${MAX_EMAIL} characters)`)
  .email('Enter a valid e-mail address, like name@example.com')
  .transform((value) => value.toLowerCase())

/**
 * A path inside the portal to go back to after signing in (`/account…`), else undefined: never an
 * address elsewhere, so a link cannot send a candidate off the site.
 */
export const AccountNextSchema = z
  .string()
  .max(500)
  .regex(/^\/account(?:[/?#][^\\\s]*)?$/, 'Not a page of My training')
  .refine((value) => !value.includes('//'), 'Not a page of My training')

/** The body of POST /api/account/sign-in-link. */
export const SignInLinkRequestSchema = z
  .object({
    email: AccountEmailSchema,
    /** Where the link should lead after signing in (a page of My training). */
    next: AccountNextSchema.optional().catch(undefined),
  })
  .strict()
export type SignInLinkRequest = z.input<typeof SignInLinkRequestSchema>

/** A sign-in link's token as it appears in the URL: 43 base64url characters (32 random bytes). */
export const SignInTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

/** The body of POST /api/account/sign-out: `everywhere` ends every session of the address. */
export const SignOutRequestSchema = z.object({everywhere: z.boolean().default(false)}).strict()

/** A PDF the candidate can download from the portal (a receipt, a refund receipt, a certificate). */
export const PortalDocumentLinkSchema = z.object({label: z.string(), href: z.string()})

/** One installment of a cadetship schedule as the portal shows it. */
export const PortalInstallmentSchema = z.object({
  number: z.number().int().positive(),
  label: z.string(),
  /** e.g. "USD 1,500.00". */
  amount: z.string(),
  state: z.enum(['paid', 'requested', 'expired', 'due']),
  /** The installment's payment link while requested ("Pay now"). */
  payUrl: z.string().nullable(),
  /** The receipt of a paid installment. */
  receipt: PortalDocumentLinkSchema.nullable(),
})

/** A document uploaded to an enrolment. */
export const PortalUploadSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** ISO 8601, or null when not known (documents sent with the enrolment form). */
  addedAt: z.string().nullable(),
  addedBy: z.enum(['enrolment', 'candidate']),
  /** The checklist item the candidate said it is, or null. */
  checklistItem: z.string().nullable(),
})

/** The documents panel of a cadetship enrolment (null for other programmes). */
export const PortalDocumentsSchema = z.object({
  /** What to upload, from the content (e.g. "CDC", "Passport"). */
  checklist: z.array(z.string()),
  uploaded: z.array(PortalUploadSchema),
  /** How many more files may be added (5 in all). */
  remaining: z.number().int().nonnegative(),
  /** The checklist items not uploaded yet (schemas/rules/document-checklist.ts), in the checklist's order. */
  missing: z.array(z.string()),
  /** Whether "Add document" is offered: room left, and the enrolment still open (not completed, cancelled or refunded, documents not deleted). */
  canAdd: z.boolean(),
})

/** A batch the candidate may move to (same course, same price, seats left). */
export const PortalBatchOptionSchema = z.object({batchId: z.string(), text: z.string(), startDate: z.string(), seatsLeft: z.number().int().nullable()})

/** "Request another date" on an enrolment: offered, pending, or its last outcome. */
export const PortalDateChangeSchema = z.object({
  /** Whether a new request can be made (a batch more than 7 days away, no request pending). */
  canRequest: z.boolean(),
  options: z.array(PortalBatchOptionSchema),
  /** The pending or last decided request. */
  request: z
    .object({
      id: z.string(),
      status: z.enum(['pending', 'approved', 'declined']),
      toText: z.string(),
      note: z.string(),
      requestedAt: z.string(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
})

/** One enrolment card. */
export const PortalEnrolmentSchema = z.object({
  orderId: z.string(),
  course: z.string(),
  programme: z.string(),
  /** The batch's dates and venue, or "Dates on request". */
  dates: z.string(),
  /** The batch's first day (YYYY-MM-DD), or null without a batch. */
  startDate: z.string().nullable(),
  /** In the candidate's words (schemas/rules/account.ts). */
  status: z.string(),
  statusKey: z.string(),
  /** e.g. "USD 1,250.00". */
  amount: z.string(),
  paidAt: z.string().nullable(),
  /** What to bring, from the content. */
  toBring: z.array(z.string()),
  receipts: z.array(PortalDocumentLinkSchema),
  installments: z.array(PortalInstallmentSchema).nullable(),
  documents: PortalDocumentsSchema.nullable(),
  dateChange: PortalDateChangeSchema.nullable(),
  /**
   * A company's group booking: on the booker's order, its seats and how many are named, with the
   * booking's page (`href`); on a delegate's enrolment, the company only (`href` null). Null otherwise.
   */
  group: z.object({company: z.string(), seats: z.number().int().nullable(), named: z.number().int().nullable(), href: z.string().nullable()}).nullable(),
})
export type PortalEnrolment = z.infer<typeof PortalEnrolmentSchema>

/** One certificate. */
export const PortalCertificateSchema = z.object({
  number: z.string(),
  course: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(['Valid', 'Expired', 'Revoked']),
  pdf: z.string(),
  verifyUrl: z.string(),
  /** The course's next batches, from 6 months before expiry ("Book your refresher"). */
  refresher: z.array(z.object({text: z.string(), href: z.string()})).nullable(),
})

/** A batch waited for. */
export const PortalWaitlistSchema = z.object({
  batchId: z.string(),
  entryId: z.string(),
  course: z.string(),
  dates: z.string(),
  place: z.number().int().positive(),
})

/** A practice exam attempt stored with the account. */
export const PortalExamAttemptSchema = z.object({
  attemptId: z.string(),
  exam: z.string(),
  submittedAt: z.string(),
  /** e.g. "18 of 20 (90%)". */
  score: z.string(),
  passed: z.boolean(),
  pdf: z.string(),
})

/** The name, date of birth and nationality printed on certificates. */
export const PortalProfileSchema = z.object({
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  /** False once the first certificate is issued. */
  editable: z.boolean(),
  /** When the candidate last corrected them (ISO 8601), or null: still as on the enrolment form. */
  updatedAt: z.string().nullable(),
})

/** Longest checklist item name accepted with a document (characters). */
const MAX_CHECKLIST_ITEM = 200

/** The body of POST /api/account/enrolments/{orderId}/documents: a completed upload, and which checklist item it is (optional). */
export const AddDocumentRequestSchema = z
  .object({
    uploadId: z.string({required_error: 'Send the upload id', invalid_type_error: 'Send the upload id'}).min(1, 'Send the upload id').max(100),
    checklistItem: z
      .string({invalid_type_error: 'Choose which document this is'})
      .trim()
      .max(MAX_CHECKLIST_ITEM, 'Choose which document this is')
      .nullish()
      .transform((value) => value || null),
  })
  .strict()
export type AddDocumentRequest = z.input<typeof AddDocumentRequestSchema>

/** 201 of POST /api/account/enrolments/{orderId}/documents: the document as listed, and how many more may be added. */
export const AddDocumentResponseSchema = z.object({document: PortalUploadSchema, remaining: z.number().int().nonnegative()})
export type AddDocumentResponse = z.infer<typeof AddDocumentResponseSchema>

/** Why a document cannot be added to this enrolment (409). */
export const DOCUMENTS_CADETSHIP_ONLY = 'Documents are only for cadetship enrolments'
export const DOCUMENTS_CLOSED = 'This enrolment is closed: documents can no longer be added'
export const CHECKLIST_ITEM_UNKNOWN = 'Choose one of the documents on the checklist, or "Another document"'

/** Who the enrolment history entries of the candidate's own changes name (never their address: an erasure keeps history authors). */
export const CANDIDATE_ACCOUNT = 'The candidate (My training)'

/** What an erasure leaves of a history entry that named the candidate's details for certificates. */
export const PROFILE_CHANGE_ERASED = 'Details for certificates changed by the candidate (erased at the person’s request)'

/** Texts of "Names for certificates". */
export const PROFILE_LOCKED = 'Your details can no longer be changed after your first certificate was issued. Please contact us if they are wrong.'
export const PROFILE_MESSAGES = {
  nameRequired: 'Enter your name as on your passport',
  nameShort: 'Enter your full name as on your passport (at least 2 characters)',
  nameLong: 'Your name can be at most 120 characters',
  nameInvalid: 'Your name can contain letters, spaces, apostrophes, hyphens and full stops',
  dateRequired: 'Enter your date of birth',
  dateInvalid: 'Enter a real date of birth, written YYYY-MM-DD',
  dateFuture: 'Your date of birth must be in the past',
  dateAge: 'Check your date of birth: candidates are between 16 and 100 years old',
  nationalityRequired: 'Enter your nationality',
  nationalityInvalid: 'Enter your nationality in letters (e.g. Indian, Filipino), at most 60 characters',
} as const

/** Youngest and oldest age (years) a date of birth may give. */
export const MIN_CANDIDATE_AGE = 16
export const MAX_CANDIDATE_AGE = 100

/** `day` (YYYY-MM-DD) moved by whole years (29 February → 28 February in a common year). */
const yearsFrom = (day: string, years: number): string => {
  const year = String(Number(day.slice(0, 4)) + years).padStart(4, '0')
  const candidate = `${year}${day.slice(4)}`
  return isIsoDate(candidate) ? candidate : `${year}-02-28`
}

/** The name as printed on certificates (as on the passport): trimmed, inner spaces collapsed, 2 to 120 letters, spaces, apostrophes, hyphens or full stops. */
export const holderNameField = () =>
  z
    .string({required_error: PROFILE_MESSAGES.nameRequired, invalid_type_error: PROFILE_MESSAGES.nameRequired})
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, PROFILE_MESSAGES.nameRequired)
        .min(2, PROFILE_MESSAGES.nameShort)
        .max(120, PROFILE_MESSAGES.nameLong)
        .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, PROFILE_MESSAGES.nameInvalid),
    )

/** A date of birth at `today` (YYYY-MM-DD, the provider's day): a real day in the past, an age of MIN_CANDIDATE_AGE to MAX_CANDIDATE_AGE years. */
export const dateOfBirthField = (today: string) =>
  z
    .string({required_error: PROFILE_MESSAGES.dateRequired, invalid_type_error: PROFILE_MESSAGES.dateRequired})
    .trim()
    .min(1, PROFILE_MESSAGES.dateRequired)
    .refine(isIsoDate, PROFILE_MESSAGES.dateInvalid)
    .refine((value) => !isIsoDate(value) || value < today, PROFILE_MESSAGES.dateFuture)
    .refine(
      (value) => !isIsoDate(value) || value >= today || (value <= yearsFrom(today, -MIN_CANDIDATE_AGE) && value > yearsFrom(today, -MAX_CANDIDATE_AGE)),
      PROFILE_MESSAGES.dateAge,
    )

/** A nationality in letters (e.g. Indian, Filipino): trimmed, inner spaces collapsed, at most 60 characters. */
export const nationalityField = () =>
  z
    .string({required_error: PROFILE_MESSAGES.nationalityRequired, invalid_type_error: PROFILE_MESSAGES.nationalityRequired})
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, PROFILE_MESSAGES.nationalityRequired)
        .max(60, PROFILE_MESSAGES.nationalityInvalid)
        .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, PROFILE_MESSAGES.nationalityInvalid),
    )

/**
 * The body of PATCH /api/account/profile at `today` (YYYY-MM-DD, the provider's day): the name as
 * printed on certificates (as on the passport), the date of birth and the nationality.
 */
export const profileUpdateSchema = (today: string) =>
  z.object({name: holderNameField(), dateOfBirth: dateOfBirthField(today), nationality: nationalityField()}).strict()
export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateSchema>>
export type ProfileUpdateRequest = z.input<ReturnType<typeof profileUpdateSchema>>

/** The next thing to do, shown on top ("Installment 2 is due — Pay now"). */
export const PortalActionSchema = z.object({text: z.string(), label: z.string(), href: z.string()})

/** 200 of GET /api/account: everything under the signed-in address, newest first. */
export const AccountOverviewSchema = z.object({
  email: z.string(),
  actions: z.array(PortalActionSchema),
  profile: PortalProfileSchema.nullable(),
  enrolments: z.array(PortalEnrolmentSchema),
  certificates: z.array(PortalCertificateSchema),
  waitlists: z.array(PortalWaitlistSchema),
  examAttempts: z.array(PortalExamAttemptSchema),
  /** Whether an erasure request is waiting for staff. */
  erasureRequested: z.boolean(),
})
export type AccountOverview = z.infer<typeof AccountOverviewSchema>

export type PortalDocuments = z.infer<typeof PortalDocumentsSchema>
export type PortalUpload = z.infer<typeof PortalUploadSchema>
export type PortalDateChange = z.infer<typeof PortalDateChangeSchema>
export type PortalCertificate = z.infer<typeof PortalCertificateSchema>
export type PortalWaitlist = z.infer<typeof PortalWaitlistSchema>
export type PortalExamAttempt = z.infer<typeof PortalExamAttemptSchema>
export type PortalProfile = z.infer<typeof PortalProfileSchema>
export type PortalAction = z.infer<typeof PortalActionSchema>
export type PortalInstallment = z.infer<typeof PortalInstallmentSchema>
export type PortalDocumentLink = z.infer<typeof PortalDocumentLinkSchema>

/** What the /account page's action answers: the link's confirmation, or a refusal with its message. */
export type AccountActionData = {ok: true; message: string} | {ok: false; message: string; fieldErrors?: Record<string, string[] | undefined>}
