/**
 * Question variants and option order of an attempt (docs/requirements.md#req-exam-variants): the
 * rules the server draws by (netlify/services/exams/attempts/draws.ts issues and signs the draw) and
 * checks a submitted draw against, and the browser shows the drawn questions by.
 *
 * - An exam is a list of slots; each slot has one or more variant questions (same type, same
 *   points). An attempt's draw is the list of the drawn variants' question ids, one per slot, in
 *   slot order.
 * - The draw prefers variants the candidate's device has not seen (`seen`: question ids of earlier
 *   attempts, sent with the start request); among the candidates (the unseen ones, or all when
 *   every variant was seen) it is uniform.
 * - When the exam shuffles options, each drawn choice question gets a uniformly random order
 *   (Fisher–Yates), signed with the draw, so a reload shows the same order.
 * - A draw may be submitted until its attempt's time is over, plus a grace (drawValidityMs): the
 *   exam's duration for a timed attempt, PRACTICE_DRAW_HOURS for an untimed one.
 * `random` returns a number in [0, 1) (node:crypto on the server; a seeded one in tests).
 * Pure; nothing here throws.
 */

/** A slot as far as drawing needs it: its variants' question ids (and options). */
export type DrawSlot<Q extends {id: string} = {id: string}> = {variants: Q[] | null}

/** The drawn question ids and each choice question's option order. */
export type AttemptDraw = {draw: string[]; optionOrder: Record<string, string[]>}

/** Minutes after the attempt's time is over during which its draw is still accepted (a slow network, the automatic submission). */
export const DRAW_GRACE_MINUTES = 10
/** How long an untimed (practice) attempt's draw may be submitted, in hours. */
export const PRACTICE_DRAW_HOURS = 24

/** How long after it was issued a draw may be submitted (milliseconds): the attempt's time plus DRAW_GRACE_MINUTES. */
export function drawValidityMs(mode: 'timed' | 'practice', durationMinutes: number): number {
  const attemptMinutes = mode === 'timed' ? durationMinutes : PRACTICE_DRAW_HOURS * 60
  return (attemptMinutes + DRAW_GRACE_MINUTES) * 60_000
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))]!

/** One variant per slot, unseen ones first, uniform among the candidates. Slots without variants are skipped. */
export function drawVariants(slots: ReadonlyArray<DrawSlot>, seen: ReadonlySet<string>, random: () => number): string[] {
  return slots.flatMap((slot) => {
    const ids = (slot.variants ?? []).map((variant) => variant.id)
    if (ids.length === 0) return []
    const unseen = ids.filter((id) => !seen.has(id))
    return [pick(unseen.length ? unseen : ids, random)]
  })
}

/** A new array with the items in uniformly random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** The draw of a new attempt: variants (unseen first) and, when `shuffleOptions`, each choice question's option order. */
export function drawAttempt(
  slots: ReadonlyArray<DrawSlot<{id: string; options?: string[] | null}>>,
  options: {seen: ReadonlySet<string>; shuffleOptions: boolean; random: () => number},
): AttemptDraw {
  const draw = drawVariants(slots, options.seen, options.random)
  const optionOrder: Record<string, string[]> = {}
  if (options.shuffleOptions) {
    const byId = new Map(slots.flatMap((slot) => slot.variants ?? []).map((variant) => [variant.id, variant]))
    for (const id of draw) {
      const list = byId.get(id)?.options
      if (list && list.length > 1) optionOrder[id] = shuffled(list, options.random)
    }
  }
  return {draw, optionOrder}
}

/** Whether `draw` holds exactly one variant of each slot, in slot order. */
export function isValidDraw(slots: ReadonlyArray<DrawSlot>, draw: readonly string[]): boolean {
  const filled = slots.filter((slot) => (slot.variants ?? []).length > 0)
  return draw.length === filled.length && filled.every((slot, index) => (slot.variants ?? []).some((variant) => variant.id === draw[index]))
}

/** Whether `order` is a permutation of `options` (same options, each once). */
export function isPermutation(order: readonly string[] | undefined, options: readonly string[]): order is string[] {
  if (!order || order.length !== options.length) return false
  const rest = [...options]
  for (const option of order) {
    const at = rest.indexOf(option)
    if (at < 0) return false
    rest.splice(at, 1)
  }
  return true
}

/**
 * The questions of an attempt: the drawn variants in slot order, options in the stored order
 * (the exam's order when none is stored or the stored one no longer fits the options).
 */
export function drawnQuestions<Q extends {id: string; options: string[] | null}>(slots: ReadonlyArray<DrawSlot<Q>>, attempt: AttemptDraw): Q[] {
  const byId = new Map(slots.flatMap((slot) => slot.variants ?? []).map((variant) => [variant.id, variant]))
  return attempt.draw.flatMap((id) => {
    const question = byId.get(id)
    if (!question) return []
    const order = attempt.optionOrder[id]
    return [question.options && isPermutation(order, question.options) ? {...question, options: order} : question]
  })
}

/** The outcome of checking a submitted result against the exam's slots: the drawn questions to score, or why not (a 400). */
export type SubmissionCheck<Q> = {ok: true; questions: Q[]} | {ok: false; message: string}

/** Why a submission is refused (a 400; the results page shows the message). */
export const SUBMISSION_MESSAGES = {
  invalidDraw: 'The questions sent are not a valid draw of this exam.',
} as const

/**
 * Checks submitted answers against the attempt's draw (the draw's signature is the server's to
 * check first): results for variants outside a valid draw, or answers of the wrong shape, are
 * refused and nothing is scored or recorded.
 *
 * - `draw` must be a valid draw (isValidDraw): one variant of each slot, in slot order.
 * - Every answer must belong to the draw, once, and have its type's shape: a list for
 *   multiple-choice, a text otherwise.
 */
export function checkSubmission<Q extends {id: string; type: string}>(
  slots: ReadonlyArray<DrawSlot<Q>>,
  answers: ReadonlyArray<{questionId: string; answer: string | string[]}>,
  draw: readonly string[],
): SubmissionCheck<Q> {
  const filled = slots.filter((slot) => (slot.variants ?? []).length > 0)
  if (!isValidDraw(filled, draw)) return {ok: false, message: SUBMISSION_MESSAGES.invalidDraw}
  const byId = new Map(filled.flatMap((slot) => slot.variants ?? []).map((variant) => [variant.id, variant]))
  const questions = draw.map((id) => byId.get(id)!)
  const inDraw = new Map(questions.map((question) => [question.id, question]))
  const answeredOnce = new Set<string>()
  for (const record of answers) {
    const question = inDraw.get(record.questionId)
    if (!question) return {ok: false, message: `The answer to "${record.questionId}" is not for a question of this attempt.`}
    if (answeredOnce.has(record.questionId)) return {ok: false, message: `"${record.questionId}" is answered twice.`}
    answeredOnce.add(record.questionId)
    if ((question.type === 'multiple-choice') !== Array.isArray(record.answer))
      return {ok: false, message: `The answer to "${record.questionId}" has the wrong shape for a ${question.type} question.`}
  }
  return {ok: true, questions}
}
