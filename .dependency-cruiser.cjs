/**
 * The floor plan, checked (`npm run lint` runs `depcruise`; docs/decisions/017-floor-plan.md):
 * dependencies point one way, web → netlify → schemas, and inside netlify/ functions → services
 * → platform. Type-only and dynamic imports count like any other. tests/unit/dependency-rules.test.ts
 * plants one violation of each rule in a scratch tree and expects this configuration to refuse it.
 */
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
    {
      name: 'schemas-import-only-schemas',
      severity: 'error',
      comment: 'schemas/ (contracts, rules, content types) is the bottom: the browser, the Studio and every server module import it.',
      from: {path: '^schemas/'},
      to: {path: '^(web|netlify|studio|tests|bench)/'},
    },
    {
      name: 'netlify-never-imports-web',
      severity: 'error',
      comment: 'The server side knows nothing of the Remix app: move the shared rule to schemas/rules or the module to netlify/platform.',
      from: {path: '^netlify/'},
      to: {path: '^web/'},
    },
    {
      name: 'studio-imports-only-schemas',
      severity: 'error',
      comment: 'The Studio bundles with its own toolchain and shares only contracts, rules and content types.',
      from: {path: '^studio/'},
      to: {path: '^(web|netlify|tests|bench)/'},
    },
    {
      name: 'platform-never-imports-services-or-functions',
      severity: 'error',
      comment: 'netlify/platform is the bottom of the server side (env, Blobs, content, mail transport, gateways).',
      from: {path: '^netlify/platform/'},
      to: {path: '^netlify/(services|functions|scripts)/'},
    },
    {
      name: 'services-never-import-functions',
      severity: 'error',
      comment: 'Use cases are called by edges, never the other way round.',
      from: {path: '^netlify/services/'},
      to: {path: '^netlify/(functions|scripts)/'},
    },
    {
      name: 'nothing-imports-a-function',
      severity: 'error',
      comment: 'netlify/functions/* are edges: only the local server (web/server.ts) loads them, through the routes table.',
      from: {path: '^(schemas|studio|netlify/(services|platform)|web/app)/'},
      to: {path: '^netlify/functions/'},
    },
    {
      name: 'browser-code-never-imports-netlify',
      severity: 'error',
      comment:
        'Components, hooks and the browser modules of web/app/lib run in the browser: they use schemas/ and call the API. Server data reaches them through a loader.',
      from: {path: '^web/app/(components|hooks)/|^web/app/lib/(?!.*[.]server[.]ts$)[^/]+$|^web/app/entry[.]client[.]tsx$'},
      to: {path: '^netlify/'},
    },
    {
      name: 'browser-code-never-imports-server-modules',
      severity: 'error',
      comment: 'A .server module never reaches the browser bundle (Vite refuses it too, at build time).',
      from: {path: '^web/app/(components|hooks)/|^web/app/lib/(?!.*[.]server[.]ts$)[^/]+$|^web/app/entry[.]client[.]tsx$'},
      to: {path: '[.]server[.]tsx?$'},
    },
    {
      name: 'source-never-imports-tests',
      severity: 'error',
      comment: 'Test helpers stay in tests/.',
      from: {path: '^(schemas|netlify|web|studio)/'},
      to: {path: '^tests/'},
    },
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
