/**
 * `npm run content:validate` (studio/scripts/validate-seed.ts) checks the seed with Sanity's own
 * validator and the real schema, offline. This runs the command as CI does: once on the real
 * seed (must pass) and once on a deliberately broken copy in a temp dir (must fail and say why).
 */
import {execFile} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, describe, expect, it} from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SEED_DIR = path.join(ROOT, 'studio', 'seed')
const TIMEOUT_MS = 90_000

interface Run {
  code: number
  output: string
}

function runValidate(seedFile?: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = {...process.env}
  delete env.SEED_FILE
  if (seedFile) env.SEED_FILE = seedFile
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'content:validate'], {cwd: ROOT, env, timeout: TIMEOUT_MS}, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({code, output: `${stdout}\n${stderr}`})
    })
  })
}

/** The seed as the script reads it: production.ndjson, or the parts until they are merged. */
function readSeed(): Array<Record<string, any>> {
  const production = path.join(SEED_DIR, 'production.ndjson')
  const files = fs.existsSync(production)
    ? [production]
    : fs
        .readdirSync(path.join(SEED_DIR, 'parts'))
        .filter((f) => f.endsWith('.ndjson'))
        .sort()
        .map((f) => path.join(SEED_DIR, 'parts', f))
  return files.flatMap((f) =>
    fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line)),
  )
}

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-validation-'))
afterAll(() => fs.rmSync(tmpDir, {recursive: true, force: true}))

describe.concurrent('content:validate', () => {
  it('accepts the real seed', {timeout: TIMEOUT_MS}, async () => {
    const {code, output} = await runValidate()
    expect(output).toMatch(/content:validate: \d+ documents, 0 errors/)
    expect(code, output).toBe(0)
  })

  it('requires alt text on every image unless it is marked decorative', {timeout: TIMEOUT_MS}, async () => {
    const docs = readSeed()
    const byId = (id: string) => docs.find((d) => d._id === id)!
    delete byId('category-stcw-courses').image.alt
    byId('location-ae').image.alt = '   '
    // Decorative images need no alt text: no error for this one.
    delete byId('location-in').image.alt
    byId('location-in').image.decorative = true
    // The accreditation's logo itself is required.
    delete byId('accreditation-1').logo
    const file = path.join(tmpDir, 'no-alt.ndjson')
    fs.writeFileSync(file, docs.map((d) => JSON.stringify(d)).join('\n') + '\n')
    const {code, output} = await runValidate(file)
    expect(code).toBe(1)
    expect(output).toContain('category-stcw-courses [courseCategory] image.alt: Describe the image in a few words, or tick "Decorative only"')
    expect(output).toContain('location-ae [location] image.alt: Describe the image in a few words, or tick "Decorative only"')
    expect(output).not.toContain('location-in [location]')
    // Sanity reports a missing required image as a warning, which fails the seed too.
    expect(output).toMatch(/WARN +accreditation-1 \[accreditation\] logo: Required/)
    expect(output).toMatch(/content:validate: \d+ documents, 2 errors, 1 warnings/)
  })

  it('refuses a document retention that is not a whole number of days, at least 1', {timeout: TIMEOUT_MS}, async () => {
    const docs = readSeed()
    const settings = docs.find((d) => d._id === 'siteSettings')!
    expect(settings.documentRetentionDays).toBe(180)
    settings.documentRetentionDays = 0.5
    const file = path.join(tmpDir, 'bad-retention.ndjson')
    fs.writeFileSync(file, docs.map((d) => JSON.stringify(d)).join('\n') + '\n')
    const {code, output} = await runValidate(file)
    expect(code).toBe(1)
    expect(output).toContain('siteSettings [siteSettings] documentRetentionDays: Use a whole number of days, at least 1, e.g. 180')
  })

  it('rejects a broken copy of the seed and names document, path and rule', {timeout: TIMEOUT_MS}, async () => {
    const docs = readSeed()
    expect(docs.length).toBeGreaterThan(0)

    // 1. An exam question worth 5 points (questions are worth 10 to 30). Use a real exam if the
    //    seed has one, otherwise add a minimal one that is valid apart from that.
    let exam = docs.find((d) => d._type === 'exam' && Array.isArray(d.slots) && d.slots.length > 1)
    if (!exam) {
      exam = {
        _id: 'exam-broken-test',
        _type: 'exam',
        title: 'Broken exam',
        examId: {_type: 'slug', current: 'broken-exam'},
        description: 'Only here to be rejected.',
        category: 'STCW',
        durationMinutes: 10,
        totalPoints: 5,
        order: 99,
        slots: [
          {
            _key: 's1',
            _type: 'examSlot',
            variants: [
              {
                _key: 'q1',
                _type: 'examQuestion',
                questionId: 'q1',
                type: 'single-choice',
                question: 'Which?',
                options: ['A', 'B'],
                correctAnswer: 'A',
                points: 10,
              },
            ],
          },
          {
            _key: 's2',
            _type: 'examSlot',
            variants: [
              {_key: 'q2', _type: 'examQuestion', questionId: 'q2', type: 'text', question: 'What?', correctAnswer: 'A', points: 10},
              {_key: 'q3', _type: 'examQuestion', questionId: 'q3', type: 'text', question: 'What else?', correctAnswer: 'B', points: 10},
            ],
          },
        ],
      }
      docs.push(exam)
    }
    // Every variant of the first slot worth 5 points (the total follows).
    const slot = exam.slots[0]
    const question = slot.variants[0]
    exam.totalPoints = exam.totalPoints - question.points + 5
    for (const variant of slot.variants) variant.points = 5
    // The second slot's variants disagree on points.
    const mixed = exam.slots[1]
    mixed.variants[1].points = mixed.variants[0].points === 30 ? 25 : mixed.variants[0].points + 5

    // 2. A reference to a document that does not exist, and 3. a duplicate _id.
    const course = docs.find((d) => d._type === 'course')
    docs.push({...course, _id: 'course-broken-test', category: {_type: 'reference', _ref: 'no-such-category'}})
    docs.push({...course})

    // 4. A category whose slug is not one of the six routes that exist.
    const category = docs.find((d) => d._type === 'courseCategory')!
    category.slug = {_type: 'slug', current: 'deep-sea-fishing'}

    // 5. Course batches: an unpriced course, a city of another location, an end before
    // the start, a new batch (created today) starting today; a past batch created long ago stays valid.
    const batch = {
      _type: 'courseBatch',
      location: {_type: 'reference', _ref: 'location-in'},
      city: 'Mumbai',
      seats: 12,
      status: 'open',
      course: {_type: 'reference', _ref: 'course-offshore-survival-bosiet'},
    }
    docs.push({
      ...batch,
      _id: 'batch-broken-1',
      course: {_type: 'reference', _ref: 'course-competency-training-coe'},
      city: 'Dubai',
      startDate: '2027-01-12',
      endDate: '2027-01-10',
    })
    docs.push({...batch, _id: 'batch-broken-2', _createdAt: '2026-11-24T10:00:00Z', startDate: '2026-11-24', endDate: '2026-11-27'})
    docs.push({...batch, _id: 'batch-past-ok', _createdAt: '2025-11-24T10:00:00Z', startDate: '2026-01-12', endDate: '2026-01-15'})

    // 6. Certificates: a course code that is not one, a validity of 0 years; the copy
    // above (course-broken-test) repeats its original's code.
    docs.push({...course, _id: 'course-broken-code', code: 'bad code', certificateValidityYears: 0})

    const file = path.join(tmpDir, 'broken.ndjson')
    fs.writeFileSync(file, docs.map((d) => JSON.stringify(d)).join('\n') + '\n')

    const {code, output} = await runValidate(file)
    expect(code, output).not.toBe(0)
    expect(output).toContain(`${exam._id} [exam] slots[_key=="${slot._key}"].variants[_key=="${question._key}"].points: Must be greater than or equal to 10`)
    expect(output).toContain(`${exam._id} [exam] slots[_key=="${mixed._key}"].variants: All variants of a slot must be worth the same points`)
    expect(output).toContain('course-broken-test [course] category: Unresolved reference: no document with _id "no-such-category"')
    expect(output).toContain(`${course!._id} [course] (document): Duplicate _id`)
    expect(output).toContain(`${category._id} [courseCategory] (document): The slug must be one of: pre-sea-training`)
    expect(output).toContain('batch-broken-1 [courseBatch] course: Only a fixed-price course can have batches')
    expect(output).toContain("batch-broken-1 [courseBatch] city: The city must be one of the location's cities: Mumbai, Chennai, Kochi")
    expect(output).toContain('batch-broken-1 [courseBatch] endDate: The end date must be on or after the start date')
    expect(output).toContain('batch-broken-2 [courseBatch] startDate: A new batch must start in the future (after 24 Nov 2026)')
    expect(output).not.toContain('batch-past-ok')
    expect(output).toContain(`course-broken-test [course] code: Another course already uses the code ${course!.code}`)
    expect(output).toContain('course-broken-code [course] code: Use a capital letter, then 1 to 9 capital letters or digits, e.g. BOSIET')
    expect(output).toContain('course-broken-code [course] certificateValidityYears: Must be greater than or equal to 1')
    expect(output).toMatch(new RegExp(`content:validate: ${docs.length} documents, [1-9]\\d* errors`))
  })
})
