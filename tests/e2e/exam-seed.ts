/**
 * The seed's exams for the exam specs (issue 18, docs/requirements.md#req-exam-variants): each exam
 * is a list of slots of variant questions. `pinFirstVariants` makes the take page draw the first
 * variant of every slot with the options in the seed's order, so a spec can rely on fixed questions.
 */
import type {BrowserContext} from '@playwright/test'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

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
 * Before any page script of the context runs: every variant but the first of each slot counts as
 * seen on this device (so the draw takes the first ones), and, unless `shuffle`, Math.random
 * returns just under 1, which leaves the options in the seed's order.
 */
export async function pinFirstVariants(context: BrowserContext, {shuffle = false} = {}) {
  const seen = Object.fromEntries(
    seedExams().map((exam) => [
      `examSeenVariants:${exam.examId.current}`,
      JSON.stringify(exam.slots.flatMap((slot) => slot.variants.slice(1).map((v) => v.questionId))),
    ]),
  )
  await context.addInitScript(
    ({entries, keepOrder}) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
      if (keepOrder) Math.random = () => 0.999999
    },
    {entries: seen, keepOrder: !shuffle},
  )
}
