/**
 * Item statistics of the practice exams for staff (docs/requirements.md#req-item-statistics).
 * Pure; the one home of the rules. netlify/services/exams/statistics.ts stores the aggregates in Netlify
 * Blobs and the admin page (/admin/exams) shows what `variantStatistics` computes.
 *
 * What is recorded, per scored attempt and per question variant (its question id, the variant id): whether it was answered correctly, the points earned and the
 * attempt's total percentage (0–100, schemas/rules/exam-scoring.ts). Nothing else: no name, no
 * answer text, no IP. Discrimination needs each response's attempt total, so a variant's aggregate
 * keeps a histogram by total percentage: `byTotal[total] = [responses, correct responses]` (at most
 * 101 buckets, so the record stays small however many attempts there are).
 *
 * - attempts: responses recorded for the variant.
 * - facility index: correct responses / attempts (0–1; null with no attempts).
 * - discrimination index: p(upper) − p(lower), where the upper and lower groups are the
 *   k = max(1, round(0.27 × attempts)) responses with the highest and the lowest attempt totals
 *   (Math.round: .5 rounds up), and p is the share correct in a group. TIES: responses with the
 *   same total are indistinguishable, so when a group's boundary falls inside a total, the group
 *   takes the responses it still needs from that total at that total's share correct (a fractional
 *   count). With one attempt both groups are that attempt: 0. Range −1…1; null with no attempts.
 * - Values are kept unrounded; shown rounded (facility as a whole percent, discrimination to two
 *   decimals, half away from zero: `roundTo`). Flags are decided on the unrounded values.
 * - flags, only once a variant has at least MIN_ATTEMPTS_FOR_FLAGS (30) attempts: `too-hard`
 *   (facility < 20 %), `too-easy` (facility > 95 %), `low-discrimination` (discrimination < 0.2).
 */

/** Responses a variant needs before it is flagged. */
export const MIN_ATTEMPTS_FOR_FLAGS = 30
/** The share of attempts in each of the upper and lower groups. */
export const GROUP_SHARE = 0.27
export const FACILITY_LOW = 0.2
export const FACILITY_HIGH = 0.95
export const DISCRIMINATION_MIN = 0.2

export type ItemFlag = 'too-hard' | 'too-easy' | 'low-discrimination'

/** The words staff read for each flag. */
export const FLAG_LABELS: Record<ItemFlag, string> = {
  'too-hard': 'Too hard (facility under 20 %)',
  'too-easy': 'Too easy (facility over 95 %)',
  'low-discrimination': 'Low discrimination (under 0.2)',
}

/** One variant's aggregate: counts, points earned (sum) and the histogram by attempt total. */
export type VariantAggregate = {
  attempts: number
  correct: number
  /** Sum of points earned over the responses. */
  pointsEarned: number
  /** The variant's points (the latest recorded). */
  points: number
  /** Attempt total percentage (as a string key, "0"–"100") → [responses, correct responses]. */
  byTotal: Record<string, [number, number]>
}

/** One stored shard of an exam's statistics (several shards per exam keep concurrent writes apart). */
export type ExamStatisticsShard = {version: 1; examId: string; variants: Record<string, VariantAggregate>}

/** One scored attempt as recorded: the total percentage and each variant's outcome. */
export type RecordedAttempt = {
  percentage: number
  responses: Array<{variantId: string; correct: boolean; pointsEarned: number; points: number}>
}

const emptyAggregate = (): VariantAggregate => ({attempts: 0, correct: 0, pointsEarned: 0, points: 0, byTotal: {}})

/** The attempt total as a histogram bucket: a whole percent clamped to 0–100. */
export function totalBucket(percentage: number): string {
  const whole = Number.isFinite(percentage) ? Math.round(percentage) : 0
  return String(Math.min(100, Math.max(0, whole)))
}

/** `shard` (null: none yet) with `attempt` added; a new object, `shard` is not changed. */
export function addAttempt(shard: ExamStatisticsShard | null, examId: string, attempt: RecordedAttempt): ExamStatisticsShard {
  const variants: Record<string, VariantAggregate> = {...(shard?.variants ?? {})}
  const bucket = totalBucket(attempt.percentage)
  for (const response of attempt.responses) {
    const before = variants[response.variantId] ?? emptyAggregate()
    const [n, c] = before.byTotal[bucket] ?? [0, 0]
    variants[response.variantId] = {
      attempts: before.attempts + 1,
      correct: before.correct + (response.correct ? 1 : 0),
      pointsEarned: before.pointsEarned + response.pointsEarned,
      points: response.points,
      byTotal: {...before.byTotal, [bucket]: [n + 1, c + (response.correct ? 1 : 0)]},
    }
  }
  return {version: 1, examId, variants}
}

/** The shards of one exam merged into one aggregate per variant. */
export function mergeShards(shards: ReadonlyArray<ExamStatisticsShard | null>): Record<string, VariantAggregate> {
  const merged: Record<string, VariantAggregate> = {}
  for (const shard of shards) {
    if (!shard) continue
    for (const [variantId, aggregate] of Object.entries(shard.variants)) {
      const into = merged[variantId] ?? emptyAggregate()
      const byTotal = {...into.byTotal}
      for (const [total, [n, c]] of Object.entries(aggregate.byTotal)) {
        const [n0, c0] = byTotal[total] ?? [0, 0]
        byTotal[total] = [n0 + n, c0 + c]
      }
      merged[variantId] = {
        attempts: into.attempts + aggregate.attempts,
        correct: into.correct + aggregate.correct,
        pointsEarned: into.pointsEarned + aggregate.pointsEarned,
        points: aggregate.points || into.points,
        byTotal,
      }
    }
  }
  return merged
}

/** The size of each of the upper and lower groups for `attempts` responses (0 with none). */
export function groupSize(attempts: number): number {
  return attempts <= 0 ? 0 : Math.max(1, Math.round(GROUP_SHARE * attempts))
}

/** Correct responses among the first `size` responses of `buckets` in order (ties taken at their share correct). */
function correctInGroup(buckets: Array<[number, number]>, size: number): number {
  let needed = size
  let correct = 0
  for (const [n, c] of buckets) {
    if (needed <= 0) break
    const take = Math.min(needed, n)
    correct += n > 0 ? (c * take) / n : 0
    needed -= take
  }
  return correct
}

/** The discrimination index of `aggregate` (−1…1; null with no attempts): see the module's rule. */
export function discriminationIndex(aggregate: Pick<VariantAggregate, 'attempts' | 'byTotal'>): number | null {
  const k = groupSize(aggregate.attempts)
  if (k === 0) return null
  const ascending = Object.entries(aggregate.byTotal)
    .map(([total, counts]) => [Number(total), counts] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, counts]) => counts)
  const lower = correctInGroup(ascending, k) / k
  const upper = correctInGroup([...ascending].reverse(), k) / k
  return upper - lower
}

export type VariantStatistics = {
  variantId: string
  attempts: number
  /** The variant's points. */
  points: number
  /** Average points earned (null with no attempts). */
  averagePoints: number | null
  /** Share correct, 0–1 (null with no attempts). */
  facility: number | null
  /** −1…1 (null with no attempts). */
  discrimination: number | null
  /** Empty below MIN_ATTEMPTS_FOR_FLAGS attempts. */
  flags: ItemFlag[]
}

/** The statistics of one variant from its aggregate. */
export function variantStatistics(variantId: string, aggregate: VariantAggregate): VariantStatistics {
  const attempts = aggregate.attempts
  const facility = attempts > 0 ? aggregate.correct / attempts : null
  const discrimination = discriminationIndex(aggregate)
  const flags: ItemFlag[] = []
  if (attempts >= MIN_ATTEMPTS_FOR_FLAGS && facility !== null && discrimination !== null) {
    if (facility < FACILITY_LOW) flags.push('too-hard')
    if (facility > FACILITY_HIGH) flags.push('too-easy')
    if (discrimination < DISCRIMINATION_MIN) flags.push('low-discrimination')
  }
  return {
    variantId,
    attempts,
    points: aggregate.points,
    averagePoints: attempts > 0 ? aggregate.pointsEarned / attempts : null,
    facility,
    discrimination,
    flags,
  }
}

/** Every variant's statistics, in variant id order (natural: q2 before q10). */
export function examStatistics(aggregates: Record<string, VariantAggregate>): VariantStatistics[] {
  return Object.entries(aggregates)
    .sort(([a], [b]) => a.localeCompare(b, 'en', {numeric: true}))
    .map(([variantId, aggregate]) => variantStatistics(variantId, aggregate))
}

/** `value` rounded to `digits` decimals, half away from zero (0.125 → 0.13, −0.125 → −0.13). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor
}

/** A variant as the exam's content lists it, for the staff view (question text and points may be missing in a draft). */
export type ContentVariant = {id: string; question: string | null; points: number | null}

/** A row of the staff view: a variant's statistics, its slot (1-based) and question text; both null once it left the exam. */
export type VariantRow = VariantStatistics & {slot: number | null; question: string | null}

/**
 * The staff view of an exam ("/admin/exams lists each exam's variants"): every variant of
 * the exam's content in slot order, with its statistics or none yet (0 attempts) and the content's
 * points, then the
 * recorded variants no longer in the exam (slot and question null), in variant id order.
 */
export function variantRows(slots: ReadonlyArray<{variants: ContentVariant[] | null}> | null, statistics: readonly VariantStatistics[]): VariantRow[] {
  const recorded = new Map(statistics.map((entry) => [entry.variantId, entry]))
  const rows: VariantRow[] = []
  for (const [index, slot] of (slots ?? []).entries()) {
    for (const variant of slot.variants ?? []) {
      const entry = recorded.get(variant.id) ?? variantStatistics(variant.id, {...emptyAggregate(), points: variant.points ?? 0})
      recorded.delete(variant.id)
      rows.push({...entry, points: variant.points ?? entry.points, slot: index + 1, question: variant.question})
    }
  }
  for (const entry of recorded.values()) rows.push({...entry, slot: null, question: null})
  return rows
}
