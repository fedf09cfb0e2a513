/**
 * The keys that sign and verify exam draws (docs/requirements.md#req-exam-variants,
 * docs/decisions/013-server-signed-exam-draw.md). Formats: ExamDrawEnvSchema of the one
 * environment module; the rules, validated on each use (cheap):
 *
 * - EXAM_DRAW_SECRET (≥ 32 characters) signs every draw and verifies it.
 * - EXAM_DRAW_SECRET_PREVIOUS (≥ 32 characters), when set, verifies too: a draw issued before a
 *   rotation stays valid while its attempt may still be submitted.
 * - Production (isProduction) FAILS CLOSED: without EXAM_DRAW_SECRET, drawKeys() throws ServiceError
 *   unavailable (503) EXAM_DRAW_NOT_CONFIGURED (the reason is logged): no attempt starts and nothing is scored.
 * - Elsewhere (the embedded default) without EXAM_DRAW_SECRET: a random 32-byte key created once
 *   in the Blobs store `exam-draw` (`local-secret`, a conditional write, so two first requests
 *   agree on one key) and kept there, so attempts under way still verify after `npm start`
 *   restarts. A store that cannot be read is a 503 as well.
 */
import {randomBytes} from 'node:crypto'
import {EnvError, ExamDrawEnvSchema, getEnv, isProduction, parseEnvSection, type EnvSource} from '#netlify/platform/env'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'

/** The 503 message when draws can be neither issued nor checked. */
export const EXAM_DRAW_NOT_CONFIGURED = 'Practice exams are not available right now: the exam service is not configured. Please try again later.'
/** The 503 message when the local key cannot be read from the store. */
export const EXAM_DRAW_UNAVAILABLE = 'Practice exams are not available right now. Please try again in a moment.'

/** The key that signs new draws, and every key a draw may be verified with (the signing one first). */
export type DrawKeys = {signing: Buffer; verifying: Buffer[]}

/** Where the embedded default keeps its key. */
export const LOCAL_SECRET_KEY = 'local-secret'
type LocalSecret = {secret: string; createdAt: string}

/** The local key per Blobs store (a test starts several): the promise, so concurrent first reads share it. */
const localSecrets = new Map<string, Promise<Buffer>>()

function readLocalSecret(): Promise<Buffer> {
  const store = getEnv().NETLIFY_BLOBS_CONTEXT ?? ''
  let pending = localSecrets.get(store)
  if (!pending) {
    pending = updateJSON<LocalSecret>(openStore(STORES.examDraw), LOCAL_SECRET_KEY, (current) =>
      current ? undefined : {secret: randomBytes(32).toString('hex'), createdAt: new Date().toISOString()},
    ).then(({value}) => {
      if (!value || !/^[0-9a-f]{64}$/.test(value.secret)) throw new Error(`the stored ${LOCAL_SECRET_KEY} is not a 32-byte hex key`)
      return Buffer.from(value.secret, 'hex')
    })
    localSecrets.set(store, pending)
    // A failure is not remembered: the next request tries the store again.
    pending.catch(() => localSecrets.delete(store))
  }
  return pending
}

/**
 * The signing and verifying keys from `source` (default: the process environment). Throws
 * ServiceError unavailable (503) in production without EXAM_DRAW_SECRET, for a malformed variable, or when the
 * local key cannot be read (each reason logged, never sent).
 */
export async function drawKeys(source?: EnvSource): Promise<DrawKeys> {
  let env: ReturnType<typeof ExamDrawEnvSchema.parse>
  try {
    env = parseEnvSection(ExamDrawEnvSchema, source)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(`[exam draw] refusing the request: ${error.message}`)
    throw new ServiceError('unavailable', EXAM_DRAW_NOT_CONFIGURED)
  }
  const previous = env.EXAM_DRAW_SECRET_PREVIOUS === undefined ? [] : [Buffer.from(env.EXAM_DRAW_SECRET_PREVIOUS, 'utf8')]
  if (env.EXAM_DRAW_SECRET !== undefined) {
    const signing = Buffer.from(env.EXAM_DRAW_SECRET, 'utf8')
    return {signing, verifying: [signing, ...previous]}
  }
  if (isProduction(source)) {
    console.error('[exam draw] refusing the request: production requires EXAM_DRAW_SECRET (at least 32 characters)')
    throw new ServiceError('unavailable', EXAM_DRAW_NOT_CONFIGURED)
  }
  try {
    const signing = await readLocalSecret()
    return {signing, verifying: [signing, ...previous]}
  } catch (error) {
    console.error('[exam draw] the local key could not be read from the Blobs store', error)
    throw new ServiceError('unavailable', EXAM_DRAW_UNAVAILABLE)
  }
}
