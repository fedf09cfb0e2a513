/**
 * The seed's exams for the exam specs (docs/requirements.md#req-exam-variants): each exam is a list
 * of slots of variant questions. `pinFirstVariants` gives every attempt the first variant of each
 * slot with the options in the seed's order, so a spec can rely on fixed questions.
 */
import type {BrowserContext} from '@playwright/test'
import {randomUUID} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {signDraw} from '#netlify/services/exams/attempts/signature'
import type {AttemptMode} from '#schemas/contracts/exam-attempts'
// eslint-disable-next-line no-restricted-imports -- the root's Playwright config has no alias
import {E2E_EXAM_DRAW_SECRET} from '../../playwright.config'

export type SeedQuestion = {
  _key: string
  questionId: string
  type: string
  question: string
  options?: string[]
  correctAnswer?: string
  correctAnswers?: string[]
  acceptedAnswers?: string[]
  points: number
}
export type SeedExam = {_type: 'exam'; examId: {current: string}; title: string; slots: Array<{variants: SeedQuestion[]}>}

export function seedExams(): SeedExam[] {
  return readFileSync(join(process.cwd(), 'studio/seed/production.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as {_type: string})
    .filter((document): document is SeedExam => document._type === 'exam')
}

/** The first variant of each slot, in slot order. */
export const firstVariants = (exam: SeedExam) => exam.slots.map((slot) => slot.variants[0]!)
/** Every variant of every slot. */
export const allVariants = (exam: SeedExam) => exam.slots.flatMap((slot) => slot.variants)

/**
 * A draw of the first variant of each slot of `examId` (none: an exam the seed lacks gets
 * `variants` ['q1']), options in the seed's order, signed as the e2e server signs draws — what a
 * stored result carries.
 */
export function firstVariantsDraw(examId: string, mode: AttemptMode = 'timed') {
  const exam = seedExams().find((candidate) => candidate.examId.current === examId)
  const variants = exam ? firstVariants(exam).map((q) => q.questionId) : ['q1']
  return signDraw(
    {attemptId: randomUUID(), examId, mode, variants, optionOrder: {}, issuedAt: new Date().toISOString()},
    Buffer.from(E2E_EXAM_DRAW_SECRET, 'utf8'),
  )
}

/**
 * Pins the draw of every attempt the context starts:
 * - by default, the server's answer to POST /api/exams/{examId}/attempts is replaced by a draw of
 *   the first variant of each slot, options in the seed's order, signed with the e2e server's key
 *   (E2E_EXAM_DRAW_SECRET) as the server signs it — so the server still checks it on submission;
 * - with `shuffle`, the server draws for real: every variant but the first of each slot counts as
 *   seen on this device (so it takes the first ones), and it shuffles the options.
 */
export async function pinFirstVariants(context: BrowserContext, {shuffle = false} = {}) {
  const exams = seedExams()
  if (shuffle) {
    const seen = Object.fromEntries(
      exams.map((exam) => [
        `examSeenVariants:${exam.examId.current}`,
        JSON.stringify(exam.slots.flatMap((slot) => slot.variants.slice(1).map((v) => v.questionId))),
      ]),
    )
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
    }, seen)
    return
  }
  await context.route('**/api/exams/*/attempts', async (route) => {
    const examId = decodeURIComponent(new URL(route.request().url()).pathname.split('/')[3] ?? '')
    const exam = exams.find((candidate) => candidate.examId.current === examId)
    if (!exam) return route.continue()
    const {mode} = route.request().postDataJSON() as {mode: AttemptMode}
    await route.fulfill({status: 201, json: firstVariantsDraw(examId, mode)})
  })
}
