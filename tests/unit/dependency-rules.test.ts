/**
 * The floor plan's import rules (.dependency-cruiser.cjs, run by `npm run lint`) refuse what they
 * should: a scratch tree with the project's aliases plants one violation of each rule next to
 * imports the plan allows, and dependency-cruiser, run with the project's own configuration,
 * must name exactly the planted ones.
 */
import {execFileSync} from 'node:child_process'
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {root} from '../helpers/project-imports'

type Violation = {from: string; to: string; rule: {name: string}}

const TREE: Record<string, string> = {
  // Allowed: web → netlify → schemas, functions → services → platform.
  'schemas/rules/price.ts': `export const price = 1\n`,
  'schemas/contracts/order.ts': `import {price} from '#schemas/rules/price'\nexport const order = price\n`,
  'netlify/platform/env.ts': `import {order} from '#schemas/contracts/order'\nexport const env = order\n`,
  'netlify/services/orders/create.ts': `import {env} from '#netlify/platform/env'\nexport const create = () => env\n`,
  'netlify/functions/create-order.ts': `import {create} from '../services/orders/create'\nexport default create\n`,
  'web/app/routes/payment.tsx': `import {create} from '#netlify/services/orders/create'\nexport const loader = create\n`,
  'web/app/components/Price.tsx': `import {price} from '#schemas/rules/price'\nexport const Price = () => price\n`,
  'studio/structure.ts': `import {price} from '../schemas/rules/price'\nexport const structure = price\n`,
  // Planted: one violation per rule.
  'web/app/lib/format.ts': `export const format = 1\n`,
  'web/app/lib/secret.server.ts': `export const secret = 1\n`,
  'schemas/rules/leak.ts': `import {format} from '~/lib/format'\nexport const leak = format\n`,
  'netlify/services/orders/render.ts': `import {format} from '~/lib/format'\nexport const render = format\n`,
  'netlify/platform/blobs.ts': `import {create} from '#netlify/services/orders/create'\nexport const blobs = create\n`,
  'netlify/services/orders/call-edge.ts': `import edge from '#netlify/functions/create-order'\nexport const callEdge = edge\n`,
  'web/app/components/Checkout.tsx': `import type {env} from '#netlify/platform/env'\nexport type Checkout = typeof env\n`,
  'web/app/components/Secret.tsx': `import {secret} from '~/lib/secret.server'\nexport const Secret = secret\n`,
  'studio/desk.ts': `import {env} from '../netlify/platform/env'\nexport const desk = env\n`,
  'schemas/rules/cycle-a.ts': `import {b} from './cycle-b'\nexport const a = () => b\n`,
  'schemas/rules/cycle-b.ts': `import {a} from './cycle-a'\nexport const b = () => a\n`,
}

const TSCONFIG = {
  compilerOptions: {
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    baseUrl: '.',
    paths: {'~/*': ['web/app/*'], '#schemas/*': ['schemas/*'], '#netlify/*': ['netlify/*']},
  },
}

let scratch = ''
let violations: Violation[] = []

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'floor-plan-'))
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(scratch, file)), {recursive: true})
    writeFileSync(join(scratch, file), text)
  }
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(TSCONFIG))
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(scratch, '.dependency-cruiser.cjs'))
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  let output: string
  try {
    output = execFileSync(process.execPath, [bin, 'schemas', 'netlify', 'web', 'studio', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: scratch,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    // dependency-cruiser exits non-zero when it finds errors; its report is still on stdout.
    output = (error as {stdout: string}).stdout
  }
  violations = (JSON.parse(output) as {summary: {violations: Violation[]}}).summary.violations
}, 60_000)

afterAll(() => {
  if (scratch) rmSync(scratch, {recursive: true, force: true})
})

const found = () => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()

describe('the floor plan (dependency-cruiser)', () => {
  it('refuses each planted violation and nothing the plan allows', () => {
    expect(found()).toEqual(
      [
        'browser-code-never-imports-netlify: web/app/components/Checkout.tsx → netlify/platform/env.ts',
        'browser-code-never-imports-server-modules: web/app/components/Secret.tsx → web/app/lib/secret.server.ts',
        'netlify-never-imports-web: netlify/services/orders/render.ts → web/app/lib/format.ts',
        'no-circular: schemas/rules/cycle-a.ts → schemas/rules/cycle-b.ts',
        'nothing-imports-a-function: netlify/services/orders/call-edge.ts → netlify/functions/create-order.ts',
        'platform-never-imports-services-or-functions: netlify/platform/blobs.ts → netlify/services/orders/create.ts',
        'schemas-import-only-schemas: schemas/rules/leak.ts → web/app/lib/format.ts',
        'services-never-import-functions: netlify/services/orders/call-edge.ts → netlify/functions/create-order.ts',
        'studio-imports-only-schemas: studio/desk.ts → netlify/platform/env.ts',
      ].sort(),
    )
  })

  it('counts a type-only import like any other', () => {
    expect(found()).toContain('browser-code-never-imports-netlify: web/app/components/Checkout.tsx → netlify/platform/env.ts')
  })
})
