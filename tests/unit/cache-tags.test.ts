/** Which tags a published Sanity document purges (netlify/platform/cache-tags.ts). */
import {describe, expect, it} from 'vitest'
import {tagsForDocument, WebhookPayloadSchema} from '#netlify/platform/cache-tags'

const tags = (payload: unknown) => tagsForDocument(WebhookPayloadSchema.parse(payload))

describe('tagsForDocument', () => {
  it('a course: its type, its id (without drafts.) and its category', () => {
    expect(tags({_id: 'drafts.course-abc', _type: 'course', slug: null, category: 'pre-sea-training'})).toEqual([
      'type:course',
      'doc:course-abc',
      'category:pre-sea-training',
    ])
    expect(tags({_id: 'course-abc', _type: 'course'})).toEqual(['type:course', 'doc:course-abc'])
  })

  it('a course category: its slug as a category tag (string or {current})', () => {
    expect(tags({_id: 'cat-1', _type: 'courseCategory', slug: 'stcw-courses'})).toEqual(['type:courseCategory', 'doc:cat-1', 'category:stcw-courses'])
    expect(tags({_id: 'cat-1', _type: 'courseCategory', slug: {current: 'stcw-courses'}})).toContain('category:stcw-courses')
  })

  it('site settings or an unknown type purge everything (the generic content tag)', () => {
    expect(tags({_id: 'siteSettings', _type: 'siteSettings'})).toEqual(['content'])
    expect(tags({_id: 'x', _type: 'somethingNew'})).toEqual(['content'])
  })

  it('tags are sanitised', () => {
    expect(tags({_id: 'odd id/1', _type: 'exam'})).toEqual(['type:exam', 'doc:odd-id-1'])
  })

  it('the projection needs _id and _type', () => {
    expect(WebhookPayloadSchema.safeParse({_type: 'course'}).success).toBe(false)
    expect(WebhookPayloadSchema.safeParse({_id: 'a'}).success).toBe(false)
  })
})
