/** schemas/rules/batches.ts: the enrolment form's batch helpers (docs/requirements.md#req-batches-form). */
import {describe, expect, it} from 'vitest'
import {BATCH_REQUIRED, batchesForCourse, batchOptionLabel, checkBatchChoice, isFull, type EnrolmentBatch} from '#schemas/rules/batches'

const batch = (id: string, course: string, program = 'offshore-survival'): EnrolmentBatch => ({
  _id: id,
  startDate: '2027-01-12',
  endDate: '2027-01-16',
  city: 'Mumbai',
  seats: 12,
  course,
  program,
})
const batches = [batch('a', 'BOSIET'), batch('b', 'H2S'), batch('c', 'BOSIET'), batch('d', 'BOSIET', 'stcw-courses')]
const counts = (left: number) => ({seats: 12, booked: 12 - left, held: 0, left})

describe('batchesForCourse', () => {
  it("keeps the chosen program's course's batches in order", () => {
    expect(batchesForCourse(batches, {trainingProgram: 'offshore-survival', course: 'BOSIET'}).map((b) => b._id)).toEqual(['a', 'c'])
  })
  it('offers nothing until program and course are chosen', () => {
    expect(batchesForCourse(batches, {trainingProgram: 'offshore-survival', course: ''})).toEqual([])
    expect(batchesForCourse(batches, {trainingProgram: '', course: 'BOSIET'})).toEqual([])
  })
})

describe('batchOptionLabel', () => {
  it('shows the class size before the live count, then seats left or Full', () => {
    expect(batchOptionLabel(batch('a', 'BOSIET'))).toBe('12–16 Jan 2027 · Mumbai · 12 seats')
    expect(batchOptionLabel(batch('a', 'BOSIET'), counts(1))).toBe('12–16 Jan 2027 · Mumbai · 1 seat left')
    expect(batchOptionLabel(batch('a', 'BOSIET'), counts(0))).toBe('12–16 Jan 2027 · Mumbai · Full')
  })
})

describe('checkBatchChoice', () => {
  const offered = batchesForCourse(batches, {trainingProgram: 'offshore-survival', course: 'BOSIET'})
  it('requires one of the offered batches when there are any', () => {
    expect(checkBatchChoice(offered, undefined)).toBe(BATCH_REQUIRED)
    expect(checkBatchChoice(offered, 'b')).toBe(BATCH_REQUIRED)
    expect(checkBatchChoice(offered, 'c')).toBeNull()
  })
  it('takes none for a course without batches', () => {
    expect(checkBatchChoice([], undefined)).toBeNull()
  })
  it('refuses a batch the live count shows full, not one with unknown counts', () => {
    expect(checkBatchChoice(offered, 'a', {a: counts(0)})).toMatch(/^This batch is full/)
    expect(checkBatchChoice(offered, 'a', {a: counts(2)})).toBeNull()
    expect(checkBatchChoice(offered, 'a', null)).toBeNull()
    expect(isFull(undefined)).toBe(false)
  })
})
