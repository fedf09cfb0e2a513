/**
 * Item statistics (schemas/rules/item-statistics.ts; docs/requirements.md#req-item-statistics):
 * facility and discrimination against a worked example, ties at a group boundary, rounding, the
 * 30-attempt threshold of the flags, and the shard merge.
 */
import {describe, expect, it} from 'vitest'
import {
  addAttempt,
  discriminationIndex,
  examStatistics,
  groupSize,
  mergeShards,
  roundTo,
  variantRows,
  variantStatistics,
  type ExamStatisticsShard,
  type VariantAggregate,
} from '#schemas/rules/item-statistics'

/** Aggregates of one variant 'q1' from [attempt total percentage, correct?] pairs, recorded one by one. */
function record(pairs: Array<[number, boolean]>, shard: ExamStatisticsShard | null = null): ExamStatisticsShard {
  return pairs.reduce<ExamStatisticsShard | null>(
    (current, [percentage, correct]) =>
      addAttempt(current, 'exam-a', {percentage, responses: [{variantId: 'q1', correct, pointsEarned: correct ? 10 : 0, points: 10}]}),
    shard,
  )!
}

const aggregate = (pairs: Array<[number, boolean]>): VariantAggregate => record(pairs).variants.q1!

// The worked example (docs/requirements.md#req-item-statistics): ten attempts, k = round(0.27 × 10) = 3.
// Upper three by total: 100 ✓, 90 ✓, then one of the two at 80 (one ✓, one ✗) → 0.5; p(upper) = 2.5 / 3.
// Lower three: 20 ✗, 30 ✗, 40 ✗ → p(lower) = 0. D = 0.8333… → 0.83. Facility = 5 / 10 = 50 %.
const WORKED: Array<[number, boolean]> = [
  [100, true],
  [90, true],
  [80, false],
  [80, true],
  [70, true],
  [60, false],
  [50, true],
  [40, false],
  [30, false],
  [20, false],
]

describe('facility and discrimination', () => {
  it('computes the worked example', () => {
    const stats = variantStatistics('q1', aggregate(WORKED))
    expect(stats.attempts).toBe(10)
    expect(stats.facility).toBe(0.5)
    expect(stats.averagePoints).toBe(5)
    expect(stats.discrimination).toBeCloseTo(2.5 / 3, 10)
    expect(roundTo(stats.discrimination!, 2)).toBe(0.83)
    expect(stats.flags).toEqual([]) // fewer than 30 attempts: never flagged
  })

  it('sizes the groups as max(1, round(27 % of attempts)), .5 rounding up', () => {
    expect([0, 1, 2, 3, 10, 30, 50, 100].map(groupSize)).toEqual([0, 1, 1, 1, 3, 8, 14, 27])
  })

  it('is the same whatever order the attempts were recorded in', () => {
    expect(discriminationIndex(aggregate([...WORKED].reverse()))).toBeCloseTo(2.5 / 3, 10)
  })

  it('takes tied totals at their share correct', () => {
    // Four attempts all at 50: k = 1, both groups are "one of them" at 50 % correct → 0.
    expect(
      discriminationIndex(
        aggregate([
          [50, true],
          [50, false],
          [50, true],
          [50, false],
        ]),
      ),
    ).toBe(0)
  })

  it('is 1 when exactly the strong candidates answer correctly and −1 the other way round', () => {
    const strong: Array<[number, boolean]> = Array.from({length: 10}, (_, i) => [i * 10, i >= 5])
    expect(discriminationIndex(aggregate(strong))).toBe(1)
    expect(discriminationIndex(aggregate(strong.map(([t, c]) => [t, !c])))).toBe(-1)
  })

  it('has no values without attempts', () => {
    expect(variantStatistics('q1', {attempts: 0, correct: 0, pointsEarned: 0, points: 10, byTotal: {}})).toMatchObject({
      facility: null,
      discrimination: null,
      flags: [],
    })
  })

  it('rounds half away from zero', () => {
    expect([roundTo(0.125, 2), roundTo(-0.125, 2), roundTo(0.8333, 2), roundTo(0.5, 0)]).toEqual([0.13, -0.13, 0.83, 1])
  })
})

describe('flags', () => {
  const many = (n: number, make: (i: number) => [number, boolean]) => Array.from({length: n}, (_, i) => make(i))

  it('flags nothing at 29 attempts and flags at 30', () => {
    const hard = (n: number) => variantStatistics('q1', aggregate(many(n, (i) => [i * 3, i === 0])))
    expect(hard(29).flags).toEqual([])
    expect(hard(30).flags).toContain('too-hard')
  })

  it('flags facility under 20 % and over 95 %, but not at exactly 20 % or 95 %', () => {
    // 40 attempts; the correct ones are the strongest, so discrimination is high.
    const withCorrect = (correct: number) => variantStatistics('q1', aggregate(many(40, (i) => [i * 2, i >= 40 - correct])))
    expect(withCorrect(7).flags).toEqual(['too-hard']) // 17.5 %
    expect(withCorrect(8).flags).toEqual([]) // 20 %
    expect(withCorrect(38).flags).toEqual(['low-discrimination']) // 95 %: upper 11/11 right, lower 9/11 → D ≈ 0.18
    expect(withCorrect(39).flags).toEqual(['too-easy', 'low-discrimination']) // 97.5 %
  })

  it('flags discrimination under 0.2', () => {
    // 30 attempts, correctness independent of the total: D = 0.
    const flat = variantStatistics('q1', aggregate(many(30, (i) => [50, i % 2 === 0])))
    expect(flat.facility).toBe(0.5)
    expect(flat.discrimination).toBe(0)
    expect(flat.flags).toEqual(['low-discrimination'])
  })
})

describe('shards', () => {
  it('merges shards into the same aggregate as one shard', () => {
    const one = record(WORKED)
    const split = [record(WORKED.slice(0, 4)), null, record(WORKED.slice(4))]
    expect(examStatistics(mergeShards(split))).toEqual(examStatistics(mergeShards([one])))
  })

  it('clamps totals to whole percents 0–100 and orders variants naturally', () => {
    let shard = addAttempt(null, 'e', {percentage: 120.4, responses: [{variantId: 'q10', correct: true, pointsEarned: 5, points: 5}]})
    shard = addAttempt(shard, 'e', {percentage: -3, responses: [{variantId: 'q2', correct: false, pointsEarned: 0, points: 5}]})
    expect(shard.variants.q10!.byTotal).toEqual({'100': [1, 1]})
    expect(shard.variants.q2!.byTotal).toEqual({'0': [1, 0]})
    expect(examStatistics(mergeShards([shard])).map((s) => s.variantId)).toEqual(['q2', 'q10'])
  })
})

describe('variantRows (the staff view)', () => {
  it('lists every variant of the content in slot order, unrecorded ones with 0 attempts, then recorded ones no longer in the exam', () => {
    let shard = addAttempt(null, 'e', {percentage: 50, responses: [{variantId: 'q1b', correct: true, pointsEarned: 10, points: 10}]})
    shard = addAttempt(shard, 'e', {percentage: 50, responses: [{variantId: 'gone', correct: false, pointsEarned: 0, points: 5}]})
    const rows = variantRows(
      [
        {
          variants: [
            {id: 'q1', question: 'First?', points: 10},
            {id: 'q1b', question: 'First, again?', points: 10},
          ],
        },
        {variants: [{id: 'q2', question: 'Second?', points: 20}]},
        {variants: null},
      ],
      examStatistics(mergeShards([shard])),
    )
    expect(rows.map((row) => [row.slot, row.variantId, row.question, row.points, row.attempts, row.facility])).toEqual([
      [1, 'q1', 'First?', 10, 0, null],
      [1, 'q1b', 'First, again?', 10, 1, 1],
      [2, 'q2', 'Second?', 20, 0, null],
      [null, 'gone', null, 5, 1, 0],
    ])
    expect(variantRows(null, [])).toEqual([])
  })
})
