/**
 * Desk structure of the studio: the singletons first (one editable document each, id = type
 * name), then one list per repeatable type. Courses can be browsed all at once or by category;
 * course batches all at once, by course or by month of their start; service pages are
 * listed in two lists, services and officer-licensing pages, as on the site.
 */
import type {StructureResolver} from 'sanity/structure'
import {SINGLETON_TYPES} from '../schemas/content'
import {monthLabel, monthOf} from '../schemas/rules/batches'

/** API version for the document lists' GROQ filters. */
const API_VERSION = '2024-01-01'

/** Repeatable document types, in the order they appear below the singletons. */
export const LIST_TYPES = [
  'courseCategory',
  'course',
  'courseBatch',
  'servicePage',
  'legalPage',
  'exam',
  'location',
  'testimonial',
  'trainingProvider',
  'accreditation',
] as const

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

  /** Batches of one course (or of the cadetship programme), by start date. */
  const batchesOf = (courseId: string) =>
    S.documentList()
      .id(`batches-of-${courseId}`)
      .title('Batches')
      .schemaType('courseBatch')
      .apiVersion(API_VERSION)
      .filter('_type == "courseBatch" && course._ref == $courseId')
      .params({courseId})
      .defaultOrdering([{field: 'startDate', direction: 'asc'}])

  /** Batches starting in one month ('YYYY-MM'), by start date. */
  const batchesIn = (month: string) =>
    S.documentList()
      .id(`batches-in-${month}`)
      .title(monthLabel(month))
      .schemaType('courseBatch')
      .apiVersion(API_VERSION)
      .filter('_type == "courseBatch" && startDate >= $from && startDate <= $to')
      .params({from: `${month}-01`, to: `${month}-31`})
      .defaultOrdering([{field: 'startDate', direction: 'asc'}])

  const batchesItem = S.listItem()
    .id('courseBatch')
    .title('Course batches')
    .schemaType('courseBatch')
    .child(
      S.list()
        .id('batches')
        .title('Course batches')
        .items([
          S.documentTypeListItem('courseBatch').id('all-batches').title('All batches'),
          S.listItem()
            .id('batches-by-course')
            .title('Batches by course')
            .child(
              S.documentList()
                .id('batch-courses')
                .title('Batches by course')
                .apiVersion(API_VERSION)
                .filter('(_type == "course" && pricing == "fixed") || _id == "cadetshipProgramme"')
                .defaultOrdering([{field: 'name', direction: 'asc'}])
                .child(batchesOf),
            ),
          S.listItem()
            .id('batches-by-month')
            .title('Batches by month')
            .child(async () => {
              // The months that have batches, from the dataset (none when it cannot be asked).
              const starts = await context
                .getClient({apiVersion: API_VERSION})
                .fetch<string[]>('*[_type == "courseBatch" && defined(startDate)] | order(startDate asc).startDate')
                .catch(() => [] as string[])
              const months = [...new Set(starts.map(monthOf))]
              return S.list()
                .id('batch-months')
                .title('Batches by month')
                .items(months.map((month) => S.listItem().id(`month-${month}`).title(monthLabel(month)).child(batchesIn(month))))
            }),
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
    if (type === 'courseBatch') return [batchesItem]
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
