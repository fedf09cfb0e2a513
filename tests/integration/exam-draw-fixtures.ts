/**
 * Signed exam draws for the integration tests (netlify/services/exams/attempts/draws.ts): a test secret
 * in EXAM_DRAW_SECRET for the calling file, and draws of chosen variants signed with it, as the
 * server would issue them.
 */
import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll} from 'vitest'
import {signDraw, type DrawContent} from '#netlify/services/exams/attempts/draws'
import type {SignedDraw} from '#schemas/contracts/exam-attempts'

export const TEST_DRAW_SECRET = 'test-exam-draw-secret-of-at-least-32-characters'

/** Sets EXAM_DRAW_SECRET (and optionally more variables) for the calling test file. */
export function useDrawSecret(extra: Record<string, string> = {}): void {
  const names = ['EXAM_DRAW_SECRET', ...Object.keys(extra)]
  const before = Object.fromEntries(names.map((name) => [name, process.env[name]]))
  beforeAll(() => {
    process.env.EXAM_DRAW_SECRET = TEST_DRAW_SECRET
    Object.assign(process.env, extra)
  })
  afterAll(() => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
}

/** A draw of `variants` (question ids in slot order) of `examId`, signed with `secret` (default the test secret). */
export function signedDraw(
  examId: string,
  variants: string[],
  {secret = TEST_DRAW_SECRET, ...content}: Partial<DrawContent> & {secret?: string} = {},
): SignedDraw {
  return signDraw(
    {attemptId: randomUUID(), examId, mode: 'timed', variants, optionOrder: {}, issuedAt: new Date().toISOString(), ...content},
    Buffer.from(secret, 'utf8'),
  )
}
