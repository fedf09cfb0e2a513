/**
 * Sanity CLI configuration (`sanity build`, `sanity schema extract`, `sanity typegen generate`,
 * `sanity exec`). Paths are relative to this folder (studio/).
 */
import {defineCliConfig} from 'sanity/cli'
import {dataset, projectId} from './env'

export default defineCliConfig({
  api: {projectId, dataset},
  typegen: {
    // The one module in which every GROQ query of the site is written with `defineQuery`.
    path: '../netlify/platform/content/queries.ts',
    // Written by `sanity schema extract --path ../schemas/schema.json` (npm run typegen).
    schema: '../schemas/schema.json',
    generates: '../schemas/content/sanity.types.ts',
    overloadClientMethods: true,
  },
})
