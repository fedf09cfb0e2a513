/**
 * web/app/lib/course-batches.ts: the URL the enrolment form asks for a course's batches, and how it
 * reads the answer (a malformed one is a failure, never a partial list: the form would otherwise
 * offer the wrong dates or none).
 */
import {describe, expect, it} from 'vitest'
import {courseBatchesUrl, parseCourseBatches} from '~/lib/course-batches'

const BATCH = {
  _id: 'batch-huet-2027-12-20-kochi',
  startDate: '2027-12-20',
  endDate: '2027-12-20',
  city: 'Kochi',
  seats: 12,
  course: 'HUET',
  program: 'offshore-survival',
}

describe('courseBatchesUrl', () => {
  it('asks /payment/batches with the program and course as /payment’s own query names them', () => {
    expect(courseBatchesUrl({trainingProgram: 'competency-training', course: 'Master/Chief officer'})).toBe(
      '/payment/batches?training=competency-training&course=Master%2FChief+officer',
    )
  })
})

describe('parseCourseBatches', () => {
  it('reads the batches of an answer, nulls included', () => {
    const nulls = {...BATCH, _id: 'batch-b', endDate: null, city: null, seats: null}
    expect(parseCourseBatches({batches: [BATCH, nulls]})).toEqual([BATCH, nulls])
    expect(parseCourseBatches({batches: []})).toEqual([])
  })

  it('keeps only the batch fields', () => {
    expect(parseCourseBatches({batches: [{...BATCH, extra: 'x'}]})).toEqual([BATCH])
  })

  it('refuses anything else whole', () => {
    for (const body of [null, 'x', {}, {batches: {}}, {batches: [null]}, {batches: [{...BATCH, _id: 3}]}, {batches: [BATCH, {...BATCH, seats: '12'}]}]) {
      expect(parseCourseBatches(body), JSON.stringify(body)).toBeNull()
    }
    expect(parseCourseBatches({batches: [{...BATCH, seats: 1.5}]})).toBeNull()
    const {city: _city, ...withoutCity} = BATCH
    expect(parseCourseBatches({batches: [withoutCity]})).toBeNull()
  })
})
