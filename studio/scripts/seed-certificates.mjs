/**
 * Writes the seed's certificate fields (docs/requirements.md#req-issue-20-certificates)
 * into studio/seed/production.ndjson: every course's certificate `code` and
 * `certificateValidityYears`, and the site settings' certificate signatory and approval number.
 * Everything else stays as it is. Idempotent and deterministic: running it again (also after other
 * branches changed the file) gives the same file, byte for byte.
 *
 *   node studio/scripts/seed-certificates.mjs
 *
 * Validity: 5 years for the STCW basic modules (Basic STCW, the Basic STCW package, Advanced Fire
 * Fighting) and every offshore survival module (their refresher cycle); empty (does not expire)
 * for the others. A course of the seed without a code here stops the script.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const FILE = fileURLToPath(new URL('../seed/production.ndjson', import.meta.url))

/** Course id → its certificate code (unique; schemas/rules/certificates.ts COURSE_CODE_PATTERN). */
const CODES = {
  'course-pre-sea-training-btlgtco': 'BTLGTCO',
  'course-pre-sea-training-btoctco': 'BTOCTCO',
  'course-pre-sea-training-psf': 'PSF',
  'course-pre-sea-training-stsdsd': 'STSDSD',
  'course-pre-sea-training-basic-stcw-package': 'BSTP',
  'course-stcw-courses-basic-stcw': 'BST',
  'course-stcw-courses-affa': 'AFFA',
  'course-stcw-courses-atct': 'ATCT',
  'course-stcw-courses-atlg': 'ATLG',
  'course-stcw-courses-ato': 'ATO',
  'course-stcw-courses-arpa': 'ARPA',
  'course-stcw-courses-ecdis': 'ECDIS',
  'course-stcw-courses-gmdss': 'GMDSS',
  'course-offshore-survival-bosiet': 'BOSIET',
  'course-offshore-survival-h2s': 'H2S',
  'course-offshore-survival-hlo': 'HLO',
  'course-offshore-survival-huet': 'HUET',
  'course-offshore-survival-oertm': 'OERTM',
  'course-offshore-survival-olc': 'OLC',
  'course-offshore-survival-basic-survival': 'BSS',
  'course-offshore-survival-cser': 'CSER',
  'course-offshore-survival-foet': 'FOET',
  'course-offshore-survival-hda': 'HDA',
  'course-value-added-courses-maritime-law': 'MLAW',
  'course-value-added-courses-port-management': 'PTM',
  'course-value-added-courses-ship-management': 'SHM',
  'course-value-added-courses-maritime-english': 'MENG',
  'course-value-added-courses-cargo-handling': 'CHS',
  'course-value-added-courses-maritime-security': 'MSEC',
  'course-value-added-courses-environmental-compliance': 'MARPOL',
  'course-value-added-courses-leadership-skills': 'LTS',
  'course-competency-training-master-chief-officer': 'COCMCO',
  'course-competency-training-2-3-officer': 'COC23O',
  'course-competency-training-chief-2-engineer': 'COCCE2',
  'course-competency-training-3-4-engineer': 'COC34E',
  'course-competency-training-tanker-endorsement': 'TKE',
  'course-competency-training-coe': 'COE',
  'course-competency-training-cdc': 'CDC',
}

/** Courses whose certificates are valid 5 years (the rest do not expire). */
const FIVE_YEARS = new Set(['course-stcw-courses-basic-stcw', 'course-pre-sea-training-basic-stcw-package', 'course-stcw-courses-affa'])
const FIVE_YEAR_CATEGORY = 'category-offshore-survival'

const SETTINGS = {
  certificateSignatoryName: 'Capt. Arjun Nair',
  certificateSignatoryTitle: 'Director of Training',
  approvalNumber: 'DGS/MTI/2006/042',
}

const codePattern = /^[A-Z][A-Z0-9]{1,9}$/
const seen = new Set()
for (const code of Object.values(CODES)) {
  if (!codePattern.test(code)) throw new Error(`Invalid course code ${code}`)
  if (seen.has(code)) throw new Error(`Duplicate course code ${code}`)
  seen.add(code)
}

/** `doc` with `fields` set right after `after` (or at the end), other keys in their order. */
function withFields(doc, fields, after) {
  const rest = Object.fromEntries(Object.entries(doc).filter(([key]) => !(key in fields)))
  const out = {}
  let placed = false
  for (const [key, value] of Object.entries(rest)) {
    out[key] = value
    if (key === after) {
      Object.assign(out, fields)
      placed = true
    }
  }
  if (!placed) Object.assign(out, fields)
  for (const [key, value] of Object.entries(out)) if (value === undefined) delete out[key]
  return out
}

let courses = 0
const lines = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const doc = JSON.parse(line)
    if (doc._type === 'course') {
      const code = CODES[doc._id]
      if (!code) throw new Error(`No certificate code for ${doc._id}: add it to CODES`)
      courses++
      const five = FIVE_YEARS.has(doc._id) || doc.category?._ref === FIVE_YEAR_CATEGORY
      return JSON.stringify(withFields(doc, {code, certificateValidityYears: five ? 5 : undefined}, 'fullName'))
    }
    if (doc._type === 'siteSettings') return JSON.stringify(withFields(doc, SETTINGS, 'receiptPrefix'))
    return line
  })

writeFileSync(FILE, lines.join('\n') + '\n')
console.log(`seed-certificates: codes for ${courses} courses, signatory and approval number in the site settings`)
