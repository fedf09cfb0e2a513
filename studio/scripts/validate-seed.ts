/**
 * Offline validation of the seed dataset with the studio's real schema and Sanity's own validator.
 *
 *   npm run content:validate                          # studio/seed/production.ndjson (or seed/parts/*.ndjson)
 *   npm run content:validate -- /tmp/broken.ndjson    # another file (relative to where npm was run)
 *   SEED_FILE=/tmp/broken.ndjson npm run content:validate
 *
 * Runs under `sanity exec … --mock-browser-env` (see package.json), which loads TypeScript and a
 * fake DOM so the studio config can be imported. Every document is checked with
 * `validateDocument` from 'sanity' against the workspace built from ../sanity.config.ts; reference
 * existence and any `getClient().fetch` (slug uniqueness, custom validators) are answered from the
 * seed documents with groq-js. Nothing here may reach the network: outbound sockets are refused.
 *
 * Also fails on: unreadable JSON, a duplicate `_id`, an `_id` with a dot (drafts/versions are not
 * seed content), a missing `_type`, a `_type` that is not a document type of the schema, an
 * unresolved `_ref` or a reference to a document of a type the field does not allow, a field that
 * is not in the schema, and an array object without a unique `_key`.
 *
 * Exit code 0 when there are neither errors nor warnings, 1 otherwise (the seed must be clean).
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type {SanityClient} from '@sanity/client'
import {evaluate, parse} from 'groq-js'
import {defer} from 'rxjs'
import {
  createWorkspaceFromConfig,
  isArraySchemaType,
  isDocumentSchemaType,
  isObjectSchemaType,
  isReferenceSchemaType,
  pathToString,
  validateDocument,
  type Path,
  type SanityDocument,
  type SchemaType,
  type SingleWorkspace,
  type ValidationMarker,
  type Workspace,
} from 'sanity'
import {createOfflineClient} from '../offlineClient'
import config, {OFFLINE_USER} from '../sanity.config'

type Level = 'error' | 'warning' | 'info'
interface Problem {
  id: string
  type: string
  path: Path
  level: Level
  message: string
}
type Doc = SanityDocument & Record<string, unknown>

const STUDIO_DIR = path.resolve(__dirname, '..')
const DOCUMENT_TIMEOUT_MS = 20_000
const CONCURRENCY = 8
/** Top-level properties Sanity itself sets on every document. */
const SYSTEM_FIELDS = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt', '_originalId', '_system'])

/* ------------------------------------------------------------------ network guard */

/** Refuses every outbound TCP connection except to this machine, before any DNS lookup. */
function refuseNetwork(): void {
  const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0]
    const options = (Array.isArray(first) ? first[0] : first) as {host?: string; path?: string} | string | number
    const host = typeof options === 'object' && options !== null ? options.host : typeof args[1] === 'string' ? args[1] : undefined
    const local = typeof options === 'object' && options?.path ? true : !host || ['localhost', '127.0.0.1', '::1'].includes(host)
    if (!local) {
      console.error(`content:validate: refused a network connection to ${host}`)
      process.nextTick(() => this.destroy(new Error(`content:validate is offline: refused a connection to ${host}`)))
      return this
    }
    return connect.apply(this, args)
  } as typeof net.Socket.prototype.connect
}

/* ------------------------------------------------------------------ reading the seed */

function resolveSeedFiles(): {label: string; files: string[]} {
  const cliArg = process.argv.slice(2).find((a) => !a.startsWith('-'))
  const explicit = cliArg ?? process.env.SEED_FILE
  if (explicit) {
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), explicit)
    return {label: file, files: [file]}
  }
  const production = path.join(STUDIO_DIR, 'seed', 'production.ndjson')
  if (fs.existsSync(production)) return {label: path.relative(process.cwd(), production) || production, files: [production]}
  const partsDir = path.join(STUDIO_DIR, 'seed', 'parts')
  const parts = fs.existsSync(partsDir)
    ? fs
        .readdirSync(partsDir)
        .filter((f) => f.endsWith('.ndjson'))
        .sort()
        .map((f) => path.join(partsDir, f))
    : []
  return {label: `${path.relative(process.cwd(), partsDir) || partsDir}/*.ndjson (${parts.length} files)`, files: parts}
}

function readDocuments(files: string[], problems: Problem[]): Doc[] {
  const docs: Doc[] = []
  for (const file of files) {
    if (!fs.existsSync(file)) {
      problems.push({id: '(seed)', type: '', path: [], level: 'error', message: `Seed file not found: ${file}`})
      continue
    }
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!line.trim()) return
        const where = `${path.basename(file)}:${index + 1}`
        let value: unknown
        try {
          value = JSON.parse(line)
        } catch (err) {
          problems.push({id: where, type: '', path: [], level: 'error', message: `Not valid JSON: ${(err as Error).message}`})
          return
        }
        if (!value || typeof value !== 'object' || Array.isArray(value)) {
          problems.push({id: where, type: '', path: [], level: 'error', message: 'A line must hold one JSON object'})
          return
        }
        docs.push(value as Doc)
      })
  }
  return docs
}

/* ------------------------------------------------------------------ the local client */

/**
 * A @sanity/client whose `fetch` (promise and observable) runs GROQ against the seed with
 * groq-js. Every other request fails at once (../offlineClient.ts).
 */
function createLocalClient(docs: Doc[], projectId: string, dataset: string): SanityClient {
  const run = async (query: string, params: Record<string, unknown> = {}, options?: {filterResponse?: boolean}) => {
    const started = Date.now()
    const result = await (await evaluate(parse(query, {params}), {dataset: docs, params})).get()
    return options?.filterResponse === false ? {query, result, ms: Date.now() - started} : result
  }
  const wrap = (client: SanityClient): SanityClient =>
    new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'fetch') return run
        if (prop === 'withConfig' || prop === 'clone') {
          return (...args: unknown[]) => wrap((target[prop] as (...a: unknown[]) => SanityClient).apply(target, args))
        }
        if (prop === 'observable') {
          return new Proxy(target.observable, {
            get(obsTarget, obsProp, obsReceiver) {
              if (obsProp === 'fetch') {
                return (query: string, params?: Record<string, unknown>, options?: {filterResponse?: boolean}) => defer(() => run(query, params, options))
              }
              const value = Reflect.get(obsTarget, obsProp, obsReceiver)
              return typeof value === 'function' ? value.bind(obsTarget) : value
            },
          })
        }
        const value = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return wrap(createOfflineClient({projectId, dataset, apiVersion: '2025-02-19'}))
}

/* ------------------------------------------------------------------ structural checks */

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Walks a value along its schema type: unknown fields, `_key`s, array item types and references. */
function checkValue(
  value: unknown,
  type: SchemaType,
  at: Path,
  byId: Map<string, Doc>,
  report: (at: Path, message: string) => void,
  isDocumentRoot = false,
): void {
  if (value === undefined || value === null) return
  if (isReferenceSchemaType(type)) {
    if (!isPlainObject(value)) return
    const ref = value._ref
    if (typeof ref !== 'string' || !ref) {
      report(at, 'Reference without a _ref')
      return
    }
    const target = byId.get(ref)
    if (!target) {
      report(at, `Unresolved reference: no document with _id "${ref}"`)
      return
    }
    const allowed = type.to.map((t) => t.name)
    if (!allowed.includes(target._type)) {
      report(at, `Reference to "${ref}" of type "${target._type}", but this field only allows: ${allowed.join(', ')}`)
    }
    return
  }
  if (isArraySchemaType(type)) {
    if (!Array.isArray(value)) return // validateDocument reports the wrong type
    const keys = new Set<string>()
    value.forEach((item, index) => {
      if (!isPlainObject(item)) return
      const key = item._key
      const itemAt: Path = [...at, typeof key === 'string' && key ? {_key: key} : index]
      if (typeof key !== 'string' || !key) report([...at, index], 'Array item without a _key')
      else if (keys.has(key)) report(itemAt, `Duplicate _key "${key}" in this array`)
      else keys.add(key)
      const itemTypeName = typeof item._type === 'string' ? item._type : 'object'
      const member = itemTypeName === 'object' && type.of.length === 1 ? type.of[0] : type.of.find((m) => m.name === itemTypeName)
      if (!member) {
        report(itemAt, `Array item of type "${itemTypeName}" is not allowed here (allowed: ${type.of.map((m) => m.name).join(', ')})`)
        return
      }
      checkValue(item, member, itemAt, byId, report)
    })
    return
  }
  if (isObjectSchemaType(type)) {
    if (!isPlainObject(value)) return
    const fields = new Map(type.fields.map((f) => [f.name, f.type]))
    for (const [name, fieldValue] of Object.entries(value)) {
      if (name.startsWith('_')) {
        if (name === '_ref' || name === '_weak') report([...at, name], `"${name}" on a value that is not a reference`)
        else if (isDocumentRoot && !SYSTEM_FIELDS.has(name) && name !== '_key') report([...at, name], `Unknown system field "${name}"`)
        continue
      }
      const fieldType = fields.get(name)
      if (!fieldType) {
        report([...at, name], `Unknown field "${name}" (not in the schema of "${type.name}")`)
        continue
      }
      checkValue(fieldValue, fieldType, [...at, name], byId, report)
    }
  }
}

/* ------------------------------------------------------------------ main */

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

async function pool<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T)
  }
  await Promise.all(Array.from({length: Math.min(size, items.length)}, worker))
}

async function main(): Promise<number> {
  refuseNetwork()
  const started = Date.now()
  const problems: Problem[] = []
  const {label, files} = resolveSeedFiles()
  if (!files.length) {
    console.error(`content:validate: no seed found (looked for seed/production.ndjson and seed/parts/*.ndjson in ${STUDIO_DIR})`)
    return 1
  }
  const docs = readDocuments(files, problems)

  const singleConfig = config as SingleWorkspace
  const localClient = createLocalClient(docs, singleConfig.projectId, singleConfig.dataset)
  const workspace: Workspace = await createWorkspaceFromConfig({
    ...singleConfig,
    currentUser: OFFLINE_USER,
    getClient: (options) => localClient.withConfig(options),
  })
  const schema = workspace.schema

  // Ids and types first: what validateDocument cannot or should not see.
  const byId = new Map<string, Doc>()
  const toValidate: Doc[] = []
  docs.forEach((doc, index) => {
    const id = typeof doc._id === 'string' && doc._id ? doc._id : `(line ${index + 1}: no _id)`
    const type = typeof doc._type === 'string' ? doc._type : ''
    const fail = (message: string) => problems.push({id, type, path: [], level: 'error', message})
    if (typeof doc._id !== 'string' || !doc._id) return fail('Missing _id')
    if (doc._id.includes('.')) fail('_id contains a dot (drafts./versions. documents do not belong in the seed)')
    if (byId.has(doc._id)) return fail(`Duplicate _id (also used by a "${byId.get(doc._id)?._type}" document)`)
    byId.set(doc._id, doc)
    if (!type) return fail('Missing _type')
    const schemaType = schema.get(type)
    if (!schemaType) return fail(`_type "${type}" is not in the schema`)
    if (!isDocumentSchemaType(schemaType)) return fail(`_type "${type}" is not a document type`)
    toValidate.push(doc)
  })

  for (const doc of toValidate) {
    const schemaType = schema.get(doc._type) as SchemaType
    checkValue(doc, schemaType, [], byId, (at, message) => problems.push({id: doc._id, type: doc._type, path: at, level: 'error', message}), true)
  }

  // Sanity's own validation: required fields, rules, custom validators, slug uniqueness, references.
  const getDocumentExists = ({id}: {id: string}) => Promise.resolve(byId.has(id))
  await pool(toValidate, CONCURRENCY, async (doc) => {
    let markers: ValidationMarker[]
    try {
      markers = await withTimeout(
        validateDocument({
          document: doc,
          workspace,
          getClient: (options) => localClient.withConfig(options),
          getDocumentExists,
          environment: 'cli',
        }),
        DOCUMENT_TIMEOUT_MS,
        `Validation of "${doc._id}"`,
      )
    } catch (err) {
      markers = [{level: 'error', path: [], message: `Exception while validating: ${(err as Error).message}`}]
    }
    for (const marker of markers) {
      problems.push({id: doc._id, type: doc._type, path: marker.path, level: marker.level, message: marker.message})
    }
  })

  // Report, in seed order, without repeating the same message for the same path, and without
  // Sanity's "Field 'x' does not exist" warning where the structural check already has an error.
  const order = new Map(docs.map((d, i) => [d._id, i]))
  const erroredPaths = new Set(problems.filter((p) => p.message.startsWith('Unknown field')).map((p) => `${p.id}|${pathToString(p.path)}`))
  const seen = new Set<string>()
  const unique = problems
    .filter((p) => {
      const at = `${p.id}|${pathToString(p.path)}`
      if (p.level !== 'error' && erroredPaths.has(at)) return false
      const key = `${at}|${p.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => (order.get(a.id) ?? -1) - (order.get(b.id) ?? -1))
  const errors = unique.filter((p) => p.level === 'error')
  const warnings = unique.filter((p) => p.level === 'warning')
  for (const p of [...errors, ...warnings]) {
    const where = p.path.length ? pathToString(p.path) : '(document)'
    const line = `${p.level === 'error' ? 'ERROR' : 'WARN '} ${p.id}${p.type ? ` [${p.type}]` : ''} ${where}: ${p.message}`
    if (p.level === 'error') console.error(line)
    else console.warn(line)
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`content:validate: ${docs.length} documents, ${errors.length} errors, ${warnings.length} warnings (${label}, ${seconds} s)`)
  // The seed must be clean: a warning fails too. (Sanity reports some rules only as warnings,
  // e.g. document-level rules such as the allowed slugs, and slug uniqueness.)
  return errors.length || warnings.length ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('content:validate: crashed:', err)
    process.exit(1)
  },
)
