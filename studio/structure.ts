/**
 * Desk structure of the studio: the singletons first (one editable document each, id = type
 * name), then one list per repeatable type. Courses can be browsed all at once or by category;
 * service pages are listed in two lists, services and officer-licensing pages, as on the site.
 */
import type {StructureResolver} from 'sanity/structure'
import {SINGLETON_TYPES} from '../schemas/content'

/** API version for the document lists' GROQ filters. */
const API_VERSION = '2024-01-01'

/** Repeatable document types, in the order they appear below the singletons. */
export const LIST_TYPES = ['courseCategory', 'course', 'servicePage', 'legalPage', 'exam', 'location', 'testimonial', 'trainingProvider'] as const

export const structure: StructureResolver = (S, context) => {
  const title = (type: string) => context.schema.get(type)?.title ?? type

  const singletonItems = SINGLETON_TYPES.map((type) =>
    S.listItem()
      .id(type)
      .title(title(type))
      .schemaType(type)
      .child(S.document().schemaType(type).documentId(type).title(title(type))),
  )

  const coursesItem = S.listItem()
    .id('course')
    .title('Courses')
    .schemaType('course')
    .child(
      S.list()
        .id('courses')
        .title('Courses')
        .items([
          S.documentTypeListItem('course').id('all-courses').title('All courses'),
          S.listItem()
            .id('courses-by-category')
            .title('Courses by category')
            .child(
              S.documentTypeList('courseCategory')
                .title('Courses by category')
                .defaultOrdering([{field: 'order', direction: 'asc'}])
                .child((categoryId) =>
                  S.documentList()
                    .id(`courses-in-${categoryId}`)
                    .title('Courses')
                    .schemaType('course')
                    .apiVersion(API_VERSION)
                    .filter('_type == "course" && category._ref == $categoryId')
                    .params({categoryId})
                    .defaultOrdering([{field: 'order', direction: 'asc'}])
                    .initialValueTemplates([S.initialValueTemplateItem('course-in-category', {categoryId})]),
                ),
            ),
        ]),
    )

  /** Service pages, split the way the site is: /services/… and /services/officer-licensing/…. */
  const servicePagesIn = (id: string, listTitle: string, section: string) =>
    S.listItem()
      .id(id)
      .title(listTitle)
      .schemaType('servicePage')
      .child(
        S.documentList()
          .id(id)
          .title(listTitle)
          .schemaType('servicePage')
          .apiVersion(API_VERSION)
          .filter('_type == "servicePage" && section == $section')
          .params({section})
          .initialValueTemplates([S.initialValueTemplateItem('service-page-in-section', {section})]),
      )

  const listItems = LIST_TYPES.flatMap((type) => {
    if (type === 'course') return [coursesItem]
    if (type === 'servicePage') {
      return [
        servicePagesIn('service-pages', 'Service pages', 'services'),
        servicePagesIn('officer-licensing-pages', 'Officer licensing pages', 'officer-licensing'),
      ]
    }
    return [S.documentTypeListItem(type).title(title(type))]
  })

  return S.list()
    .title('Content')
    .items([...singletonItems, S.divider(), ...listItems])
}
