/**
 * Studio helpers of the content model: initial values (schemas/content/initialValues.ts) and list
 * preview labels (schemas/content/previews.ts).
 */
import type {InitialValueResolverContext} from 'sanity'
import {describe, expect, it} from 'vitest'
import {newQuestionId, nextOrder, orderAfter} from '#schemas/content/initialValues'
import {coursePricePreview, flagEmoji, flagMedia} from '#schemas/content/previews'

/** A context whose client answers `fetch` with `answer` (or throws it) and records the call. */
function contextAnswering(answer: unknown) {
  const calls: Array<{query: string; params: unknown}> = []
  const context = {
    getClient: () => ({
      fetch: async (query: string, params: unknown) => {
        calls.push({query, params})
        if (answer instanceof Error) throw answer
        return answer
      },
    }),
  } as unknown as InitialValueResolverContext
  return {context, calls}
}

describe('initial values', () => {
  it('question ids are "q-" and six letters or digits, and pass the question id rule', () => {
    for (let i = 0; i < 50; i++) expect(newQuestionId()).toMatch(/^q-[a-z0-9]{6}$/)
    expect(newQuestionId(() => 0)).toBe('q-aaaaaa')
    expect(newQuestionId(() => 0.9999)).toBe('q-999999')
  })

  it('the next order is one after the highest, or 0', () => {
    expect(orderAfter(4)).toBe(5)
    expect(orderAfter(null)).toBe(0)
    expect(orderAfter(undefined)).toBe(0)
    expect(orderAfter(-3)).toBe(0)
  })

  it('nextOrder asks for the highest order of the type', async () => {
    const {context, calls} = contextAnswering(2)
    await expect(nextOrder('exam')(undefined, context)).resolves.toBe(3)
    expect(calls[0]?.params).toEqual({type: 'exam'})
    expect(calls[0]?.query).not.toContain('category')
  })

  it('nextOrder counts only the category a course is created in', async () => {
    const {context, calls} = contextAnswering(6)
    await expect(nextOrder('course', 'categoryId')({categoryId: 'category-stcw-courses'}, context)).resolves.toBe(7)
    expect(calls[0]?.params).toEqual({type: 'course', categoryId: 'category-stcw-courses'})
    expect(calls[0]?.query).toContain('category._ref == $categoryId')
  })

  it('nextOrder falls back to 0 when the dataset cannot be asked', async () => {
    const {context} = contextAnswering(new Error('offline'))
    await expect(nextOrder('location')(undefined, context)).resolves.toBe(0)
  })
})

describe('list previews', () => {
  it('a course shows the price the card shows', () => {
    expect(coursePricePreview('fixed', 1500)).toBe('$1,500')
    expect(coursePricePreview('fixed', 49.5)).toBe('$49.50')
    expect(coursePricePreview('contact', undefined)).toBe('Contact for pricing')
    expect(coursePricePreview('contact', 100)).toBe('Contact for pricing')
    expect(coursePricePreview('fixed', undefined)).toBe('No price yet')
  })

  it('a location shows its flag emoji', () => {
    expect(flagEmoji('ae')).toBe('🇦🇪')
    expect(flagEmoji('IN')).toBe('🇮🇳')
    expect(flagEmoji('usa')).toBeNull()
    expect(flagEmoji(undefined)).toBeNull()
    expect(flagMedia('ph')).toBeTypeOf('function')
    expect(flagMedia('')).toBeUndefined()
  })
})
