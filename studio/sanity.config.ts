/**
 * Sanity Studio configuration: the content model from ../schemas/content, a desk structure with
 * the singletons on top, no "create"/"duplicate"/"delete" for singletons, and the Presentation
 * tool showing the site's drafts (./presentation.ts).
 *
 * With SANITY_OFFLINE set (see ./env.ts) the workspace uses a mock auth store whose client refuses
 * every request (./offlineClient.ts), so CLI commands that only load the config
 * (`sanity schema extract`, `sanity exec` scripts such as scripts/validate-seed.ts) never call
 * sanity.io.
 */
import {createMockAuthStore, defineConfig, type CurrentUser, type Template} from 'sanity'
import {structureTool} from 'sanity/structure'
import {schemaTypes, SINGLETON_TYPES} from '../schemas/content'
import {dataset, offline, projectId} from './env'
import {createOfflineClient} from './offlineClient'
import {presentation} from './presentation'
import {structure} from './structure'

const singletons = new Set<string>(SINGLETON_TYPES)

/** Actions an editor may take on a singleton: no delete, duplicate or unpublish. */
const SINGLETON_ACTIONS = new Set(['publish', 'discardChanges', 'restore'])

/** Creates a course already linked to the category it was created from (desk structure). */
const courseInCategory: Template = {
  id: 'course-in-category',
  title: 'Course in this category',
  schemaType: 'course',
  parameters: [{name: 'categoryId', type: 'string'}],
  value: ({categoryId}: {categoryId: string}) => ({category: {_type: 'reference', _ref: categoryId}}),
}

/** Creates a service page in the section of the list it was created from (desk structure). */
const servicePageInSection: Template = {
  id: 'service-page-in-section',
  title: 'Page in this section',
  schemaType: 'servicePage',
  parameters: [{name: 'section', type: 'string'}],
  value: ({section}: {section: string}) => ({section}),
}

/** Templates that need a parameter: offered only inside their desk list, never in the global menu. */
const PARAMETER_TEMPLATES = new Set([courseInCategory.id, servicePageInSection.id])

/** The user the offline mock auth store reports (never sent anywhere). */
export const OFFLINE_USER: CurrentUser = {
  id: 'offline-user',
  name: 'Offline user',
  email: 'offline@localhost',
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator'}],
}

export default defineConfig({
  name: 'default',
  title: 'Maritime training site',
  projectId,
  dataset,
  ...(offline && {
    auth: createMockAuthStore({
      client: createOfflineClient({projectId, dataset, apiVersion: '2025-02-19'}),
      currentUser: OFFLINE_USER,
    }),
  }),
  plugins: [structureTool({structure}), presentation],
  schema: {
    types: schemaTypes,
    templates: (templates) => [...templates.filter(({schemaType}) => !singletons.has(schemaType)), courseInCategory, servicePageInSection],
  },
  document: {
    // Global "create new" menu: no singletons, and no template that needs a parameter.
    newDocumentOptions: (prev, {creationContext}) =>
      creationContext.type === 'global' ? prev.filter(({templateId}) => !PARAMETER_TEMPLATES.has(templateId) && !singletons.has(templateId)) : prev,
    actions: (prev, {schemaType}) => (singletons.has(schemaType) ? prev.filter(({action}) => action !== undefined && SINGLETON_ACTIONS.has(action)) : prev),
  },
})
