/**
 * The floor plan, checked (`npm run lint` runs `depcruise`; docs/decisions/017-floor-plan.md):
 * dependencies point one way, web → netlify → schemas, and inside netlify/ functions → services
 * → platform. Type-only and dynamic imports count like any other. tests/unit/dependency-rules.test.ts
 * plants one violation of each rule in a scratch tree and expects this configuration to refuse it.
 */
/** Browser code: components, hooks, the modules of web/app/lib that are not `.server`, the client entry. */
const BROWSER = '^web/app/(components|hooks)/|^web/app/lib/(?!.*[.]server[.]ts$)[^/]+$|^web/app/entry[.]client[.]tsx$'

/** A rule: `name` refuses imports from `from` to `to` (path patterns), with a hint for the fix. */
const refuse = (name, from, to, comment) => ({name, severity: 'error', comment, from: {path: from}, to: {path: to}})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: split the shared part out, lower in the plan.',
      from: {},
      to: {circular: true},
    },
    refuse(
      'schemas-import-only-schemas',
      '^schemas/',
      '^(web|netlify|studio|tests|bench)/',
      'schemas/ (contracts, rules, content types) is the bottom: the browser, the Studio and every server module import it.',
    ),
    refuse(
      'netlify-never-imports-web',
      '^netlify/',
      '^web/',
      'The server side knows nothing of the Remix app: move the shared rule to schemas/rules or the module to netlify/platform.',
    ),
    refuse(
      'studio-imports-only-schemas',
      '^studio/',
      '^(web|netlify|tests|bench)/',
      'The Studio bundles with its own toolchain and shares only contracts, rules and content types.',
    ),
    refuse(
      'platform-never-imports-services-or-functions',
      '^netlify/platform/',
      '^netlify/(services|functions|scripts)/',
      'netlify/platform is the bottom of the server side (env, Blobs, content, mail transport, gateways).',
    ),
    refuse(
      'services-never-import-functions',
      '^netlify/services/',
      '^netlify/(functions|scripts)/',
      'Use cases are called by edges, never the other way round.',
    ),
    refuse(
      'nothing-imports-a-function',
      '^(schemas|studio|netlify/(services|platform)|web/app)/',
      '^netlify/functions/',
      'netlify/functions/* are edges: only the local server (web/server.ts) loads them, through the routes table.',
    ),
    refuse(
      'browser-code-never-imports-netlify',
      BROWSER,
      '^netlify/',
      'Components, hooks and the browser modules of web/app/lib run in the browser: they use schemas/ and call the API. Server data reaches them through a loader.',
    ),
    refuse(
      'browser-code-never-imports-server-modules',
      BROWSER,
      '[.]server[.]tsx?$',
      'A .server module never reaches the browser bundle (Vite refuses it too, at build time).',
    ),
    refuse('source-never-imports-tests', '^(schemas|netlify|web|studio)/', '^tests/', 'Test helpers stay in tests/.'),
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: '^(web/build|[.]netlify|node_modules|studio/(dist|node_modules|[.]sanity))/'},
    includeOnly: '^(schemas|netlify|web|studio|tests|bench)/',
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {text: {highlightFocused: true}},
  },
}
