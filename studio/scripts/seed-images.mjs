/**
 * Sets the seed's images and videos (docs/requirements.md#req-issue-19-images) in
 * studio/seed/production.ndjson; everything else stays as it is. Idempotent and deterministic:
 * running it again gives the same file, byte for byte.
 *
 *   node studio/scripts/seed-images.mjs
 *
 * Every image field gets `{_type: "image", _sanityAsset: "image@file://./assets/<name>", alt}`
 * (videos `{_type: "file", _sanityAsset: "file@file://./assets/<name>"}`), the marker
 * `sanity dataset import` reads to upload the file from studio/seed/assets/ unchanged; offline the
 * site resolves the same markers itself (netlify/platform/content/seed-assets.ts). It sets:
 * - site settings: light and dark logo, app icon, default social-sharing image;
 * - home: hero photo, hero video (mp4 + webm) with its poster;
 * - about: mission, vision and "since" block photos, and the team (four instructors with portraits);
 * - the six course categories' card images (courses fall back to their category's image);
 * - the three testimonials' portraits and the six locations' photos;
 * - four `accreditation` documents (fictional bodies and numbers, made up for the sample site:
 *   they name no real organisation), replacing any `accreditation` documents already there.
 *
 * The alt texts below describe the seed's pictures (studio/seed/assets/README.md); whoever
 * replaces a picture updates its text.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const FILE = fileURLToPath(new URL('../seed/production.ndjson', import.meta.url))

/** An image field value for `name` in studio/seed/assets/. */
const image = (name, alt, extra = {}) => ({_type: 'image', _sanityAsset: `image@file://./assets/${name}`, alt, ...extra})
/** A file field value (video) for `name` in studio/seed/assets/. */
const file = (name) => ({_type: 'file', _sanityAsset: `file@file://./assets/${name}`})

const CATEGORY_ALT = {
  'pre-sea-training': 'A ship leaving harbour at dawn',
  'stcw-courses': 'An orange lifeboat hanging from its davits on a ship’s side, open sea behind',
  'offshore-survival': 'An offshore platform at dusk with a helicopter approaching',
  'value-added-courses': 'A simulator bridge at dawn with radar and electronic chart displays',
  'competency-training': 'A nautical chart with a compass rose, dividers and a plotted course',
  'cadetship-training': 'A ship’s bridge at night, radar and chart displays under the windows',
}
const LOCATION_ALT = {
  ae: 'A harbour skyline in the United Arab Emirates with a spire tower at dawn',
  in: 'A harbour in India with an arched gateway at dusk',
  ph: 'A harbour in the Philippines with green hills and a palm by day',
  sg: 'The Singapore skyline at night: three towers joined by a sky deck',
  lk: 'A harbour in Sri Lanka with a lotus-topped tower and a palm at dawn',
  vn: 'A port in Vietnam with hills behind it by day',
}
const TESTIMONIAL_ALT = {
  'testimonial-1': 'Illustrated portrait of Rahul Menon',
  'testimonial-2': 'Illustrated portrait of Maria Santos',
  'testimonial-3': 'Illustrated portrait of Arjun Nair',
}
const TEAM = [
  ['Capt. Arvind Rao', 'Master Mariner, Head of Training', 'Illustrated portrait of Captain Arvind Rao'],
  ['Leila Haddad', 'Chief Engineer, Engine Room Simulator Lead', 'Illustrated portrait of Leila Haddad'],
  ['Capt. Daniel Reyes', 'Master Mariner, STCW Course Director', 'Illustrated portrait of Captain Daniel Reyes'],
  ['Priya Fernando', 'Offshore Survival Instructor', 'Illustrated portrait of Priya Fernando'],
]
/** Fictional approvals of the sample academy (no real organisation is named). */
const ACCREDITATIONS = [
  ['Approved Maritime Training Institute', 'Coral Bay Maritime Administration (flag state)', 'CBMA/MTI/2019/0457'],
  ['ISO 9001:2015 Quality Management System', 'Meridian Certification Services', 'QMS-48213-2024'],
  ['Approved Offshore Emergency Training Centre', 'Offshore Safety Training Council', 'OSTC-C-1186'],
  ['Accredited Bridge and Engine Simulator Training', 'Nautical Simulation Standards Board', 'NSSB-SIM-0392'],
]

const lines = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
const documents = lines.map((line) => JSON.parse(line))

/** Sets `patch`'s fields on the document `id` (which must exist). */
function set(id, patch) {
  const document = documents.find((d) => d._id === id)
  if (!document) throw new Error(`seed-images: no document "${id}" in the seed`)
  Object.assign(document, patch)
  return document
}

const settings = documents.find((d) => d._id === 'siteSettings')
const company = settings?.companyName ?? 'Maritime Training & Certification'
set('siteSettings', {
  logo: image('logo-light.svg', `${company} logo`),
  logoDark: image('logo-dark.svg', `${company} logo`),
  appIcon: image('app-icon.png', `${company} app icon`),
  socialImage: image('social-default.jpg', 'A training ship under way at dawn, the sun low on the horizon'),
})

const home = documents.find((d) => d._id === 'homePage')
set('homePage', {
  hero: {
    ...home.hero,
    image: image('home-hero.jpg', 'A training ship under way at dawn, the sun low on the horizon'),
    video: {
      mp4: file('home-hero.mp4'),
      webm: file('home-hero.webm'),
      poster: image('home-hero-poster.jpg', 'A training ship under way at dawn, the sun low on the horizon'),
    },
  },
})

set('aboutPage', {
  missionImage: image('about-mission.jpg', 'A training ship under way on a calm sea at dawn'),
  visionImage: image('about-vision.jpg', 'A red-and-white lighthouse on a headland at dusk, its beam sweeping over the sea'),
  excellence: {
    ...documents.find((d) => d._id === 'aboutPage').excellence,
    image: image('about-excellence.jpg', 'A busy harbour by day: gantry cranes, container stacks and a ship in the foreground'),
  },
  teamHeading: 'Meet Our Instructors',
  team: TEAM.map(([name, role, alt], index) => ({
    _key: `team-${index + 1}`,
    _type: 'teamMember',
    name,
    role,
    photo: image(`team-${index + 1}.jpg`, alt),
  })),
})

for (const [slug, alt] of Object.entries(CATEGORY_ALT)) set(`category-${slug}`, {image: image(`category-${slug}.jpg`, alt)})
for (const [code, alt] of Object.entries(LOCATION_ALT)) set(`location-${code}`, {image: image(`location-${code}.jpg`, alt)})
for (const [id, alt] of Object.entries(TESTIMONIAL_ALT)) set(id, {image: image(`${id}.jpg`, alt)})

const accreditations = ACCREDITATIONS.map(([name, issuer, number], index) => ({
  _id: `accreditation-${index + 1}`,
  _type: 'accreditation',
  name,
  logo: image(`accreditation-${index + 1}.svg`, `Seal of the ${issuer.replace(/ \(.*\)$/, '')}`),
  issuer,
  number,
  order: index,
}))

const kept = documents.filter((d) => d._type !== 'accreditation')
writeFileSync(FILE, [...kept, ...accreditations].map((d) => JSON.stringify(d)).join('\n') + '\n')
console.log(`seed-images: images set; ${accreditations.length} accreditations written to ${FILE}`)
