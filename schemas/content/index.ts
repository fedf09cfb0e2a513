/** Every Sanity content type of the site, in the order the studio lists them. */
import {batchTypes} from './batches'
import {catalogueTypes} from './catalogue'
import {examTypes} from './exam'
import {pageTypes} from './pages'
import {sharedTypes} from './shared'
import {siteTypes} from './site'

export const schemaTypes = [...siteTypes, ...catalogueTypes, ...batchTypes, ...pageTypes, ...examTypes, ...sharedTypes]

/** Document ids of the singletons (one document each, id = type name). */
export const SINGLETON_TYPES = ['siteSettings', 'homePage', 'aboutPage', 'coursesPage', 'servicesPage', 'competencyFeeTable', 'cadetshipProgramme'] as const

export {CATEGORY_IDS, COURSE_LEVELS} from './shared'
export {SERVICE_SLUGS, OFFICER_LICENSING_SLUGS} from './pages'
export {QUESTION_TYPES} from './exam'
