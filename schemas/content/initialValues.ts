/**
 * Initial values the studio fills in when an editor creates a document or adds a question
 * (used by ./catalogue.ts, ./exam.ts and ./pages.ts). They only apply to new content in the
 * studio; the seed and published documents are never touched.
 */
import type {InitialValueResolverContext} from 'sanity'

/** API version of the look-up below (same as the desk structure's lists). */
const API_VERSION = '2024-01-01'

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A new question id such as "q-4k7x2m": "q-" and six random lower-case letters or digits, so it
 * passes the question id rule (/^[a-z0-9-]+$/) and practically never repeats within an exam.
 * `random` is injectable for tests.
 */
export function newQuestionId(random: () => number = Math.random): string {
  let id = ''
  for (let i = 0; i < 6; i++) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? 'x'
  return `q-${id}`
}

/** The number after the highest existing order, or 0 when there is none. */
export function orderAfter(highest: unknown): number {
  return typeof highest === 'number' && Number.isFinite(highest) && highest >= 0 ? Math.floor(highest) + 1 : 0
}

/**
 * Initial value resolver for an `order` field: puts a new document of `type` last, one after the
 * highest order in use (drafts included). With `categoryParam`, and a template parameter of that
 * name (the "Course in this category" template passes `categoryId`), only documents whose
 * `category` references that id count. Falls back to 0 when the dataset cannot be asked (offline
 * studio, no permission).
 */
export function nextOrder(type: string, categoryParam?: string) {
  return async (params: Record<string, unknown> | undefined, context: InitialValueResolverContext): Promise<number> => {
    const categoryId = categoryParam ? params?.[categoryParam] : undefined
    const inCategory = typeof categoryId === 'string' && categoryId !== ''
    const query = `*[_type == $type && defined(order)${inCategory ? ' && category._ref == $categoryId' : ''}] | order(order desc)[0].order`
    try {
      const highest = await context.getClient({apiVersion: API_VERSION}).fetch(query, inCategory ? {type, categoryId} : {type})
      return orderAfter(highest)
    } catch {
      return 0
    }
  }
}
