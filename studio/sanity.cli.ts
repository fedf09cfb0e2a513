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
    path: '../web/app/lib/queries.ts',
    // Written by `sanity schema extract --path ../schemas/schema.json` (npm run typegen).
    schema: '../schemas/schema.json',
    generates: '../web/app/lib/sanity.types.ts',
    overloadClientMethods: true,
  },
})
