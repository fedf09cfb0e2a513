/**
 * Staff accounts over HTTP (docs/requirements.md#req-staff-accounts): one zod schema per request
 * and answer body.
 *
 *   POST  /api/admin                         AdminLoginSchema → AdminSignInResponseSchema
 *   POST  /api/admin/second-factor           SecondFactorRequestSchema → AdminLoginResponseSchema
 *   POST  /api/admin/second-factor/passkey   ChallengeRequestSchema → PasskeyOptions (WebAuthn)
 *   POST  /api/admin/second-factor/enrol     ChallengeRequestSchema → TotpSetupSchema
 *   POST  /api/admin/sign-out                → 204
 *   GET   /api/admin/me                      → StaffMeSchema (with the backup warning)
 *   GET   /api/admin/staff                   → StaffListSchema
 *   POST  /api/admin/staff                   StaffInviteRequestSchema → 201 StaffMemberSchema
 *   PATCH /api/admin/staff/:id               StaffPatchSchema → StaffMemberSchema
 *   POST  /api/admin/staff/:id/invite        → 201 StaffMemberSchema (a new invite, the old void)
 *   POST  /api/admin/staff/:id/sessions/end  → {ended}
 *   GET   /api/admin/invite/:token           → InviteViewSchema (410 used or expired)
 *   POST  /api/admin/invite/:token/totp      → TotpSetupSchema
 *   POST  /api/admin/invite/:token           InviteAcceptSchema → InviteAcceptedSchema
 *   POST  /api/admin/password-reset          PasswordResetRequestSchema → 202
 *   POST  /api/admin/password-reset/:token   NewPasswordSchema → 204 (410 used or expired)
 *   GET   /api/admin/account                 → AccountSchema
 *   POST  /api/admin/account/password        PasswordChangeSchema → 204
 *   POST  /api/admin/account/totp            → TotpSetupSchema; …/totp/confirm TotpConfirmSchema → FirstFactorCodesSchema
 *   POST  /api/admin/account/recovery-codes  → RecoveryCodesSchema
 *   POST  /api/admin/account/passkeys/options → WebAuthn registration options; …/passkeys PasskeyRegisterSchema → 201 PasskeyRegisteredSchema
 *   DELETE /api/admin/account/factors/:factor → 204 ('totp' or a passkey id; 409 for the last factor)
 *   POST  /api/admin/account/sessions/:id/end → {ended}
 *   POST  /api/admin/exports                 ExportRecordSchema → 204 (audited as csv-export)
 */
import {z} from 'zod'
import {PERMISSIONS, ROLES} from '#schemas/rules/staff-roles'

export const RoleSchema = z.enum(ROLES, {errorMap: () => ({message: `Role must be one of ${ROLES.join(', ')}`})})
export const PermissionSchema = z.enum(PERMISSIONS)
export const StaffStatusSchema = z.enum(['active', 'disabled'], {errorMap: () => ({message: 'Status must be active or disabled'})})

/** A staff id: `stf_` and 8–40 letters, digits, `_` or `-` (the bootstrap owner is `stf_owner`). */
export const StaffIdSchema = z.string().regex(/^stf_[A-Za-z0-9_-]{5,40}$/, 'Invalid staff id')

/** A secret link's token (invite, password reset): 43 base64url characters (32 random bytes). */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link')

/** A sign-in challenge id (the second step). */
export const ChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid challenge')

/** Which second factors a person has: an authenticator app, how many passkeys, how many unused recovery codes. */
export const FactorsSchema = z.object({totp: z.boolean(), passkeys: z.number().int().nonnegative(), recoveryCodes: z.number().int().nonnegative()})
export type Factors = z.infer<typeof FactorsSchema>

/** A person as GET /api/admin/staff lists them (never a hash, seed or code). */
export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  status: StaffStatusSchema,
  /** The environment's owner account: it can never be disabled or change role. */
  bootstrap: z.boolean(),
  createdAt: z.string(),
  /** The version to send back as If-Match with a change. */
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** An invite that has not been accepted yet: when its link expires (ISO 8601). */
  invitePendingUntil: z.string().nullable(),
  factors: FactorsSchema,
})
export type StaffMember = z.infer<typeof StaffMemberSchema>
export const StaffListSchema = z.array(StaffMemberSchema)

const emailField = z
  .string({required_error: 'Email is required'})
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254)
  .email('Enter a valid email address')
const nameField = z.string({required_error: 'Name is required'}).trim().min(1, 'Name is required').max(120, 'Name is too long (120 characters at most)')

export const StaffInviteRequestSchema = z.object({email: emailField, name: nameField, role: RoleSchema}).strict()
export type StaffInviteRequest = z.infer<typeof StaffInviteRequestSchema>

export const StaffPatchSchema = z
  .object({role: RoleSchema.optional(), status: StaffStatusSchema.optional()})
  .strict()
  .refine((patch) => patch.role !== undefined || patch.status !== undefined, {message: 'Send a role or a status', path: ['role']})
export type StaffPatch = z.infer<typeof StaffPatchSchema>

/** Who is signed in and what they may do (GET /api/admin/me, and `me` of GET /api/admin/account). */
export const StaffIdentitySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  permissions: z.array(PermissionSchema),
  /** Whether this person still has to enrol a second factor (the bootstrap owner on a first start). */
  secondFactorDue: z.boolean(),
})
export type StaffIdentity = z.infer<typeof StaffIdentitySchema>

/**
 * GET /api/admin/me: StaffIdentitySchema and `backupWarning`, the daily backup's health warning
 * (schemas/rules/backup-health.ts; docs/requirements.md#req-backup-status) that every admin page
 * shows in red, or null when the backups are fine. For every signed-in staff member, whatever the role.
 */
export const StaffMeSchema = StaffIdentitySchema.extend({backupWarning: z.string().nullable()})
export type StaffMe = z.infer<typeof StaffMeSchema>

/** 200 of POST /api/admin: the token (no second step due), or the second step's challenge. */
export const AdminSignInResponseSchema = z.union([
  /** `notice`: why the sign-in took the password alone (the staff directory unreachable, outside production). */
  z.object({authToken: z.string(), expiresAt: z.string(), notice: z.string().optional()}),
  z.object({
    secondFactor: z.literal('required'),
    challenge: z.string(),
    /** What this person can answer with. */
    methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
  }),
  /** The account has no second factor yet and must enrol one now (POST /api/admin/second-factor/enrol). */
  z.object({secondFactor: z.literal('enrol'), challenge: z.string()}),
])
export type AdminSignInResponse = z.infer<typeof AdminSignInResponseSchema>

export const ChallengeRequestSchema = z.object({challenge: ChallengeSchema}).strict()

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`, case and spaces ignored). */
export const SecondFactorCodeSchema = z
  .string({required_error: 'Enter the authentication code'})
  .trim()
  .min(1, 'Enter the authentication code')
  .max(32, 'Enter the 6-digit code or a recovery code')
  .transform((code) => code.replace(/\s+/g, '').toLowerCase())
  .refine((code) => /^\d{6}$/.test(code) || /^[a-z2-7]{5}-?[a-z2-7]{5}$/.test(code), 'Enter the 6-digit code or a recovery code')

/** The WebAuthn answer of @simplewebauthn/browser (checked in depth by @simplewebauthn/server). */
export const WebAuthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.unknown()),
    clientExtensionResults: z.record(z.unknown()).default({}),
    authenticatorAttachment: z.string().optional(),
  })
  .passthrough()

export const SecondFactorRequestSchema = z.union([
  z.object({challenge: ChallengeSchema, code: SecondFactorCodeSchema}).strict(),
  z.object({challenge: ChallengeSchema, webauthn: WebAuthnResponseSchema}).strict(),
])
export type SecondFactorRequest = z.infer<typeof SecondFactorRequestSchema>

/** A new password: at least 12 characters (the strength score is checked by the service). */
export const NewPasswordSchema = z
  .object({
    password: z.string({required_error: 'Password is required'}).min(12, 'Use at least 12 characters').max(256, 'Use at most 256 characters'),
  })
  .strict()

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string({required_error: 'Enter your current password'}).min(1, 'Enter your current password').max(1024),
    password: NewPasswordSchema.shape.password,
  })
  .strict()

export const PasswordResetRequestSchema = z.object({email: emailField}).strict()

/** What an invite link shows before it is accepted. */
export const InviteViewSchema = z.object({email: z.string(), name: z.string(), role: RoleSchema, expiresAt: z.string()})

/** A new authenticator secret to enrol: base32, and the otpauth:// URI (the QR code's content). */
export const TotpSetupSchema = z.object({secret: z.string(), uri: z.string()})
export type TotpSetup = z.infer<typeof TotpSetupSchema>

export const TotpCodeSchema = z
  .string({required_error: 'Enter the 6-digit code'})
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')

export const InviteAcceptSchema = z.object({password: NewPasswordSchema.shape.password, code: TotpCodeSchema}).strict()
export const TotpConfirmSchema = z.object({code: TotpCodeSchema}).strict()

/** Recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({recoveryCodes: z.array(z.string()).length(10)})
/** 200 of POST /api/admin/second-factor: the token, and the recovery codes when a first factor was enrolled. */
export const SecondFactorResponseSchema = z.object({authToken: z.string(), expiresAt: z.string(), recoveryCodes: z.array(z.string()).optional()})

/**
 * A factor just added to one's account: the 10 new recovery codes when it is the person's first
 * factor (shown once), else null (the codes they have stay valid).
 */
export const FirstFactorCodesSchema = z.object({recoveryCodes: z.array(z.string()).length(10).nullable()})

export const InviteAcceptedSchema = RecoveryCodesSchema.extend({authToken: z.string(), expiresAt: z.string()})

/**
 * WebAuthn registration options (POST /api/admin/account/passkeys/options), as
 * @simplewebauthn/server makes them and @simplewebauthn/browser's startRegistration takes them
 * (which checks them in depth): the parts a page relies on, the rest kept as it is.
 */
export const WebAuthnOptionsSchema = z
  .object({
    challenge: z.string().min(1),
    rp: z.object({name: z.string()}).passthrough(),
    user: z.object({id: z.string(), name: z.string(), displayName: z.string()}).passthrough(),
    pubKeyCredParams: z.array(z.object({type: z.literal('public-key'), alg: z.number()})),
  })
  .passthrough()

export const PasskeyRegisterSchema = z.object({name: z.string().trim().min(1).max(60).default('Passkey'), webauthn: WebAuthnResponseSchema}).strict()

/** A passkey as its owner sees it (a name and when it was added, never a key). */
export const PasskeySchema = z.object({id: z.string(), name: z.string(), createdAt: z.string()})

/** 201 of POST /api/admin/account/passkeys: the passkey, and the recovery codes when it is the first factor. */
export const PasskeyRegisteredSchema = FirstFactorCodesSchema.extend({passkey: PasskeySchema})

/** A session as its owner (or the owner role) sees it. */
export const StaffSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  client: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
})

/** GET /api/admin/account. */
export const AccountSchema = z.object({
  me: StaffIdentitySchema,
  factors: FactorsSchema,
  passkeys: z.array(PasskeySchema),
  sessions: z.array(StaffSessionSchema),
})
export type Account = z.infer<typeof AccountSchema>

/**
 * POST /api/admin/exports: a CSV the page made from the rows it already shows (the enrolment list,
 * the certificates), recorded in the audit log as `csv-export` with how many rows and the filters.
 */
export const ExportRecordSchema = z
  .object({
    list: z.enum(['enrolments', 'certificates']),
    rows: z.number().int().min(0).max(10_000_000),
    filters: z.record(z.string().max(200)).optional(),
  })
  .strict()
export type ExportRecord = z.infer<typeof ExportRecordSchema>
