/** docs/requirements.md#req-exam-variants: the draw (unseen first, uniform otherwise, stable) and the option shuffle. */
import {describe, expect, it} from 'vitest'
import {
  checkSubmission,
  drawAttempt,
  drawnQuestions,
  drawValidityMs,
  drawVariants,
  DRAW_GRACE_MINUTES,
  isPermutation,
  isValidDraw,
  PRACTICE_DRAW_HOURS,
  shuffled,
} from '#schemas/rules/exam-draw'
import {loadSeen, recordSeen} from '~/lib/exam-attempt'
import {MemoryStorage} from '../helpers/memory-storage'

/** A seeded generator (mulberry32): the same seed gives the same numbers, so the tests never depend on chance. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Q = {id: string; type: string; options: string[] | null}
const choice = (id: string, options = ['A', 'B', 'C', 'D']): Q => ({id, type: 'single-choice', options})
const slots: {variants: Q[]}[] = [
  {variants: [choice('q1'), choice('q1b'), choice('q1c')]},
  {
    variants: [
      {id: 'q2', type: 'multiple-choice', options: ['w', 'x', 'y', 'z']},
      {id: 'q2b', type: 'multiple-choice', options: ['w', 'x', 'y']},
    ],
  },
  {variants: [{id: 'q3', type: 'text', options: null}]},
]

describe('drawVariants', () => {
  it('draws one variant per slot, in slot order', () => {
    const draw = drawVariants(slots, new Set(), seeded(1))
    expect(draw).toHaveLength(3)
    expect(isValidDraw(slots, draw)).toBe(true)
    expect(draw[2]).toBe('q3')
  })
  it('prefers variants this device has not seen', () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(drawVariants(slots, new Set(['q1', 'q1b', 'q2']), seeded(seed)).slice(0, 2)).toEqual(['q1c', 'q2b'])
    }
  })
  it('successive attempts see every variant before any repeats', () => {
    const storage = new MemoryStorage() as unknown as Storage
    const shown: string[] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      const draw = drawVariants(slots, loadSeen(storage, 'e'), seeded(attempt))
      recordSeen(storage, 'e', draw)
      shown.push(draw[0]!)
    }
    expect(shown.sort()).toEqual(['q1', 'q1b', 'q1c'])
  })
  it('is uniform among the candidates once all were seen (and among the unseen ones)', () => {
    const random = seeded(42)
    const counts: Record<string, number> = {}
    const runs = 30_000
    for (let i = 0; i < runs; i++) {
      const id = drawVariants(slots, new Set(['q1', 'q1b', 'q1c']), random)[0]!
      counts[id] = (counts[id] ?? 0) + 1
    }
    for (const id of ['q1', 'q1b', 'q1c']) expect(Math.abs(counts[id]! / runs - 1 / 3)).toBeLessThan(0.02)
  })
  it('the same random numbers give the same draw', () => {
    expect(drawVariants(slots, new Set(), seeded(7))).toEqual(drawVariants(slots, new Set(), seeded(7)))
  })
})

describe('shuffled options', () => {
  it('every option can reach every position, about equally often', () => {
    const random = seeded(3)
    const options = ['A', 'B', 'C', 'D']
    const counts = options.map(() => options.map(() => 0))
    const runs = 40_000
    for (let i = 0; i < runs; i++) shuffled(options, random).forEach((option, position) => counts[options.indexOf(option)]![position]!++)
    for (const row of counts) for (const count of row) expect(Math.abs(count / runs - 0.25)).toBeLessThan(0.02)
  })
  it('is a permutation and leaves the input alone', () => {
    const options = ['A', 'B', 'C']
    const out = shuffled(options, seeded(9))
    expect(isPermutation(out, options)).toBe(true)
    expect(options).toEqual(['A', 'B', 'C'])
  })
  it('drawAttempt stores an order for each drawn choice question when shuffling, none otherwise', () => {
    const attempt = drawAttempt(slots, {seen: new Set(), shuffleOptions: true, random: seeded(5)})
    expect(Object.keys(attempt.optionOrder).sort()).toEqual(attempt.draw.slice(0, 2).sort())
    expect(drawAttempt(slots, {seen: new Set(), shuffleOptions: false, random: seeded(5)}).optionOrder).toEqual({})
  })
  it('a reload shows the same questions in the same order (the stored draw, read back from JSON)', () => {
    const attempt = drawAttempt(slots, {seen: new Set(), shuffleOptions: true, random: seeded(11)})
    const reloaded = JSON.parse(JSON.stringify(attempt)) as typeof attempt
    expect(drawnQuestions(slots, reloaded)).toEqual(drawnQuestions(slots, attempt))
    const first = drawnQuestions(slots, attempt)[0]!
    expect(first.options).toEqual(attempt.optionOrder[first.id])
  })
  it('a stored order that no longer fits the options falls back to the exam order', () => {
    const questions = drawnQuestions(slots, {draw: ['q1', 'q2', 'q3'], optionOrder: {q1: ['A', 'B'], q2: ['z', 'y', 'x', 'w']}})
    expect(questions[0]!.options).toEqual(['A', 'B', 'C', 'D'])
    expect(questions[1]!.options).toEqual(['z', 'y', 'x', 'w'])
  })
})

describe('checkSubmission', () => {
  it('accepts a valid draw and answers of the right shape', () => {
    const result = checkSubmission(
      slots,
      [
        {questionId: 'q2b', answer: ['w']},
        {questionId: 'q3', answer: 'x'},
      ],
      ['q1c', 'q2b', 'q3'],
    )
    expect(result.ok && result.questions.map((q) => q.id)).toEqual(['q1c', 'q2b', 'q3'])
  })
  it('refuses invalid draws, answers outside the draw, repeated answers and wrong shapes', () => {
    expect(checkSubmission(slots, [], ['q1', 'q2']).ok).toBe(false)
    expect(checkSubmission(slots, [], ['q2', 'q1', 'q3']).ok).toBe(false)
    expect(checkSubmission(slots, [{questionId: 'q1b', answer: 'A'}], ['q1', 'q2', 'q3']).ok).toBe(false)
    expect(checkSubmission(slots, [{questionId: 'q2', answer: 'w'}], ['q1', 'q2', 'q3']).ok).toBe(false)
    expect(checkSubmission(slots, [{questionId: 'q1', answer: ['A']}], ['q1', 'q2', 'q3']).ok).toBe(false)
    expect(
      checkSubmission(
        slots,
        [
          {questionId: 'q1', answer: 'A'},
          {questionId: 'q1', answer: 'B'},
        ],
        ['q1', 'q2', 'q3'],
      ).ok,
    ).toBe(false)
  })
})

describe('drawValidityMs', () => {
  it('is the attempt time plus the grace: the duration when timed, PRACTICE_DRAW_HOURS when untimed', () => {
    expect(drawValidityMs('timed', 45)).toBe((45 + DRAW_GRACE_MINUTES) * 60_000)
    expect(drawValidityMs('practice', 45)).toBe((PRACTICE_DRAW_HOURS * 60 + DRAW_GRACE_MINUTES) * 60_000)
  })
})
