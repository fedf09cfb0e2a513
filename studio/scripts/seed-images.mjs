/**
 * Sets the seed's images and videos (issue 19, docs/requirements.md#req-issue-19-images) in
 * studio/seed/production.ndjson; everything else stays as it is. Idempotent and deterministic:
 * running it again gives the same file, byte for byte.
 *
 *   node studio/scripts/seed-images.mjs
 *
 * Every image field gets `{_type: "image", _sanityAsset: "image@file://./assets/<name>", alt}`
 * (videos `{_type: "file", _sanityAsset: "file@file://./assets/<name>"}`), the marker
 * `sanity dataset import` reads to upload the file from studio/seed/assets/ unchanged; offline the
 * site resolves the same markers itself (web/app/lib/seed-assets.server.ts). It sets:
 * - site settings: light and dark logo, app icon, default social-sharing image;
 * - home: hero photo, hero video (mp4 + webm) with its poster;
 * - about: mission, vision and "since" block photos, and the team (four instructors with portraits);
 * - the six course categories' card images (courses fall back to their category's image);
 * - the three testimonials' portraits and the six locations' photos;
 * - four `accreditation` documents (fictional bodies and numbers, made up for the sample site:
 *   they name no real organisation), replacing any `accreditation` documents already there.
 *
 * The alt texts below describe the seed's pictures; whoever replaces a picture updates its text.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const FILE = fileURLToPath(new URL('../seed/production.ndjson', import.meta.url))

/** An image field value for `name` in studio/seed/assets/. */
const image = (name, alt, extra = {}) => ({_type: 'image', _sanityAsset: `image@file://./assets/${name}`, alt, ...extra})
/** A file field value (video) for `name` in studio/seed/assets/. */
const file = (name) => ({_type: 'file', _sanityAsset: `file@file://./assets/${name}`})

const CATEGORY_ALT = {
  'pre-sea-training': 'Cadets in white uniforms lining up on the deck of a training ship',
  'stcw-courses': 'Trainees in survival suits boarding a life raft in a training pool',
  'offshore-survival': 'Offshore platform on a calm sea at dusk with a helicopter approaching',
  'value-added-courses': 'Instructor at an electronic chart display with two officers',
  'competency-training': 'Officer on a ship’s bridge looking out over the bow',
  'cadetship-training': 'Deck cadet with a sextant on the bridge wing',
}
const LOCATION_ALT = {
  ae: 'Training centre in Dubai Maritime City by the creek',
  in: 'Training centre building in Mumbai with ships at anchor behind it',
  ph: 'Campus in Manila with a training lifeboat on davits',
  sg: 'Maritime campus in Singapore with container cranes in the distance',
  lk: 'Training centre near Colombo harbour',
  vn: 'Classroom building in Ho Chi Minh City by the river',
}
const TESTIMONIAL_ALT = {
  'testimonial-1': 'Portrait of Rahul Menon in officer’s uniform',
  'testimonial-2': 'Portrait of Maria Santos in engineer’s overalls',
  'testimonial-3': 'Portrait of Arjun Nair in cadet uniform',
}
const TEAM = [
  ['Capt. Arvind Rao', 'Master Mariner, Head of Training', 'Portrait of Captain Arvind Rao'],
  ['Leila Haddad', 'Chief Engineer, Engine Room Simulator Lead', 'Portrait of Leila Haddad'],
  ['Capt. Daniel Reyes', 'Master Mariner, STCW Course Director', 'Portrait of Captain Daniel Reyes'],
  ['Priya Fernando', 'Offshore Survival Instructor', 'Portrait of Priya Fernando'],
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
  socialImage: image('social-default.jpg', 'Training ship at sea under a clear sky, with the academy’s name'),
})

const home = documents.find((d) => d._id === 'homePage')
set('homePage', {
  hero: {
    ...home.hero,
    image: image('home-hero.jpg', 'Training ship under way on open sea at sunrise'),
    video: {
      mp4: file('home-hero.mp4'),
      webm: file('home-hero.webm'),
      poster: image('home-hero-poster.jpg', 'Training ship under way on open sea at sunrise'),
    },
  },
})

set('aboutPage', {
  missionImage: image('about-mission.jpg', 'Instructor guiding cadets through a lifeboat drill'),
  visionImage: image('about-vision.jpg', 'Ship’s bow cutting through the sea towards the horizon'),
  excellence: {
    ...documents.find((d) => d._id === 'aboutPage').excellence,
    image: image('about-excellence.jpg', 'Graduates holding their certificates in front of the training centre'),
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
