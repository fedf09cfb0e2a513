/**
 * The take page's loader (web/app/routes/exam.$examId.take.tsx) over the seed dataset
 * (docs/requirements.md#req-exam-variants): every variant of every slot, and never a correct
 * answer, an accepted answer or an explanation.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {describe, expect, it} from 'vitest'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {loader} from '~/routes/exam.$examId.take'

describe('the take payload', () => {
  for (const examId of ['maritime-safety-basics', 'navigation-fundamentals']) {
    it(`${examId}: all variants, no answer key, no explanation`, async () => {
      const key = await fetchContent(EXAM_KEY_QUERY, {examId})
      if (!key) throw new Error(`${examId} missing from the seed`)
      const result = await loader({request: new Request(`http://localhost/exam/${examId}/take`), params: {examId}, context: {}} as LoaderFunctionArgs)
      const text = JSON.stringify(result)
      expect(text).not.toMatch(/correctAnswer|acceptedAnswers|explanation/)
      const variants = key.slots.flatMap((slot) => slot.variants)
      expect(variants).toHaveLength(24)
      expect(result.exam.shuffleOptions).toBe(true)
      expect(result.exam.slots?.flatMap((slot) => slot.variants ?? []).map((q) => q.id)).toEqual(variants.map((q) => q.id))
      for (const q of variants) {
        for (const block of q.explanation ?? []) for (const span of block.children ?? []) expect(text).not.toContain(span.text)
        for (const accepted of q.acceptedAnswers ?? []) if (accepted.length > 12) expect(text).not.toContain(accepted)
      }
    })
  }
})
