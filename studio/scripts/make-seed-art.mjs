#!/usr/bin/env node
/**
 * Makes the seed's images (docs/requirements.md#req-issue-19-brand): original illustrations
 * drawn here as SVG compositions and rendered with sharp, so the project ships no third-party
 * or stock files. Deterministic (a seeded random generator); re-running it rewrites the same
 * files under studio/seed/assets/.
 *
 *   node studio/scripts/make-seed-art.mjs            images, logos, icon and marks
 *   node studio/scripts/make-seed-art.mjs --video    also the hero loop (needs ffmpeg on PATH)
 *
 * Sizes: hero 2400×1350, cards 1600×1000, portraits 800×800, social 1200×630, app icon
 * 512×512 PNG, hero video 960×540 at 24 fps, 6 s (mp4 H.264 + webm VP9, no audio).
 * JPEG quality 72, progressive (mozjpeg). Everything together stays under 3 MB.
 *
 * Logos are named after the background they are drawn for, as the site settings' fields are:
 * logo-light.svg (dark artwork, for light backgrounds: siteSettings.logo) and logo-dark.svg
 * (white artwork, for dark backgrounds: siteSettings.logoDark). The accreditation marks belong
 * to fictional bodies invented for the seed.
 */
import {execFileSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import sharp from 'sharp'

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'assets')

/** The site's palette (web/app/tailwind.css) plus a few warm accents. */
const C = {
  navy950: '#06142a',
  navy900: '#0a1f3f',
  navy800: '#10305c',
  navy700: '#174078',
  ocean600: '#0b6aa8',
  ocean500: '#1283c9',
  ocean300: '#7cc3ec',
  ocean100: '#dbeefa',
  brass500: '#c98a16',
  brass400: '#e0a93a',
  brass300: '#f0c66b',
  coral: '#e07a3a',
  mist: '#f3e6cf',
}

/** Mulberry32: a small deterministic generator so every run draws the same pictures. */
function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const f = (n) => Math.round(n * 10) / 10

// ---------------------------------------------------------------------------------------------
// Building blocks. Each returns SVG markup for a canvas of width w and height h.

const SKIES = {
  dawn: [C.navy900, C.navy700, '#3d6a9c', '#d99a5a', C.brass300],
  dusk: [C.navy950, C.navy900, C.navy700, '#8a5a6a', C.brass400],
  day: ['#2f6fa6', '#4f93c6', '#8cc2e4', '#cfe6f3', C.mist],
  night: [C.navy950, C.navy950, C.navy900, C.navy800, '#284a78'],
}

function defs(id, sky, horizonY, h) {
  const s = SKIES[sky]
  const hz = horizonY / h
  return `<linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="${horizonY}" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="${s[0]}"/><stop offset="0.35" stop-color="${s[1]}"/>
    <stop offset="0.7" stop-color="${s[2]}"/><stop offset="0.92" stop-color="${s[3]}"/><stop offset="1" stop-color="${s[4]}"/>
  </linearGradient>
  <linearGradient id="${id}sea" x1="0" y1="${horizonY}" x2="0" y2="${h}" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="${sky === 'day' ? '#5d9cc8' : s[2]}"/>
    <stop offset="${f(0.25 + hz * 0)}" stop-color="${sky === 'day' ? C.ocean600 : C.navy800}"/>
    <stop offset="1" stop-color="${C.navy950}"/>
  </linearGradient>
  <radialGradient id="${id}sun" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#fff6dd" stop-opacity="1"/><stop offset="0.18" stop-color="${C.brass300}" stop-opacity="0.9"/>
    <stop offset="0.5" stop-color="${C.brass400}" stop-opacity="0.25"/><stop offset="1" stop-color="${C.brass400}" stop-opacity="0"/>
  </radialGradient>
  <filter id="${id}blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${f(h / 90)}"/></filter>
  <filter id="${id}soft"><feGaussianBlur stdDeviation="${f(h / 400)}"/></filter>`
}

function sky(id, w, horizonY) {
  return `<rect width="${w}" height="${horizonY + 2}" fill="url(#${id}sky)"/>`
}

function sun(id, cx, cy, r) {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 6)}" fill="url(#${id}sun)"/>`
}

function clouds(id, w, horizonY, seed, tone = '#ffffff', opacity = 0.16) {
  const rand = rng(seed)
  let out = `<g filter="url(#${id}blur)" fill="${tone}" opacity="${opacity}">`
  for (let i = 0; i < 7; i++) {
    const cx = rand() * w
    const cy = horizonY * (0.15 + rand() * 0.6)
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(w * (0.08 + rand() * 0.14))}" ry="${f(horizonY * (0.025 + rand() * 0.04))}"/>`
  }
  return out + '</g>'
}

/**
 * The sea below the horizon: a gradient, a sun path of glints, and rows of swell drawn as sine
 * paths. `phase` (0..1) moves every row by whole wavelengths over one cycle, so a loop is seamless.
 */
function sea(id, w, h, horizonY, {phase = 0, glintX = null, seed = 7, light = C.ocean300, rows = 26} = {}) {
  const rand = rng(seed)
  let out = `<rect y="${horizonY}" width="${w}" height="${h - horizonY}" fill="url(#${id}sea)"/>`
  if (glintX !== null) {
    out += `<g fill="${C.brass300}">`
    for (let i = 0; i < 60; i++) {
      const t = i / 60
      const y = horizonY + (h - horizonY) * Math.pow(t, 1.5)
      const spread = w * (0.01 + 0.09 * t)
      const x = glintX + (rand() - 0.5) * spread * 2
      const len = w * (0.006 + 0.03 * t) * (0.4 + rand())
      const shimmer = 0.5 + 0.5 * Math.sin((phase + rand()) * Math.PI * 2)
      out += `<rect x="${f(x - len / 2)}" y="${f(y)}" width="${f(len)}" height="${f(1 + 3 * t)}" rx="1" opacity="${f((0.75 - 0.5 * t) * shimmer * 100) / 100}"/>`
    }
    out += '</g>'
  }
  for (let r = 0; r < rows; r++) {
    const t = (r + 1) / rows
    const y0 = horizonY + (h - horizonY) * Math.pow(t, 1.7)
    const amp = 1 + 14 * t * t * (h / 1000)
    const wl = w * (0.04 + 0.16 * t)
    const dir = r % 2 ? 1 : -1
    const shift = dir * phase * wl * (r % 3 === 0 ? 2 : 1) + rand() * wl
    let d = ''
    for (let x = -wl; x <= w + wl; x += wl / 8) {
      const y = y0 + Math.sin(((x + shift) / wl) * Math.PI * 2) * amp
      d += `${d ? 'L' : 'M'}${f(x)} ${f(y)}`
    }
    out += `<path d="${d}" fill="none" stroke="${light}" stroke-opacity="${f((0.08 + 0.16 * (1 - t)) * 100) / 100}" stroke-width="${f(1 + 2.5 * t)}"/>`
  }
  return out
}

/** A training vessel in silhouette: hull, white superstructure, funnel with a brass band. */
function ship(x, y, s, {tone = C.navy950, deck = '#cfd8e3', bob = 0, lights = false} = {}) {
  const dy = Math.sin(bob * Math.PI * 2) * 3 * s
  const rot = Math.sin(bob * Math.PI * 2 + 1) * 0.6
  return `<g transform="translate(${f(x)} ${f(y + dy)}) scale(${s}) rotate(${f(rot)} 200 0)">
    <path d="M0 -40 L400 -40 L385 0 L28 0 Z" fill="${tone}"/>
    <rect x="10" y="-44" width="380" height="5" fill="#b23a2e" opacity="0.9"/>
    <path d="M250 -40 V-92 H330 V-40 Z" fill="${deck}"/>
    <rect x="255" y="-104" width="70" height="14" fill="${deck}"/>
    <rect x="262" y="-100" width="56" height="5" fill="${C.navy900}" opacity="0.8"/>
    <rect x="258" y="-82" width="64" height="4" fill="${C.navy900}" opacity="0.5"/>
    <rect x="258" y="-66" width="64" height="4" fill="${C.navy900}" opacity="0.5"/>
    <path d="M300 -104 L306 -130 L326 -130 L324 -104 Z" fill="${C.navy800}"/>
    <rect x="304" y="-122" width="20" height="5" fill="${C.brass400}"/>
    <rect x="286" y="-140" width="2" height="36" fill="${tone}"/>
    <rect x="60" y="-52" width="160" height="12" fill="${C.navy800}"/>
    <rect x="70" y="-62" width="40" height="10" fill="${C.coral}" opacity="0.9"/>
    <rect x="120" y="-62" width="40" height="10" fill="${C.ocean600}"/>
    <rect x="170" y="-62" width="40" height="10" fill="${C.brass500}"/>
    <path d="M40 -40 L40 -120 M40 -120 L10 -40 M40 -120 L70 -40" stroke="${tone}" stroke-width="2" fill="none"/>
    ${lights ? `<circle cx="395" cy="-46" r="3" fill="#7cf29a"/><circle cx="290" cy="-142" r="3" fill="#fff6dd"/><g fill="${C.brass300}"><rect x="262" y="-84" width="4" height="3"/><rect x="274" y="-84" width="4" height="3"/><rect x="298" y="-68" width="4" height="3"/><rect x="310" y="-84" width="4" height="3"/></g>` : ''}
  </g>`
}

function hills(w, baseY, seed, color, height, opacity = 1) {
  const rand = rng(seed)
  let d = `M0 ${baseY}`
  let x = 0
  while (x < w) {
    const step = w * (0.06 + rand() * 0.1)
    d += ` Q${f(x + step / 2)} ${f(baseY - height * (0.4 + rand() * 0.8))} ${f(x + step)} ${f(baseY - height * rand() * 0.2)}`
    x += step
  }
  return `<path d="${d} L${w} ${baseY} Z" fill="${color}" opacity="${opacity}"/>`
}

/** A harbour skyline: towers with lit windows, gantry cranes, container stacks and an accent. */
function skyline(w, baseY, seed, {accent = 'none', tone = C.navy950, windowTone = C.brass300, scale = 1} = {}) {
  const rand = rng(seed)
  let out = `<g fill="${tone}">`
  let windows = `<g fill="${windowTone}">`
  let x = w * 0.02
  while (x < w * 0.62) {
    const bw = w * (0.018 + rand() * 0.03) * scale
    const bh = baseY * (0.06 + rand() * 0.22) * scale
    out += `<rect x="${f(x)}" y="${f(baseY - bh)}" width="${f(bw)}" height="${f(bh + 1)}"/>`
    for (let wy = baseY - bh + 8; wy < baseY - 6; wy += 10 * scale) {
      for (let wx = x + 4; wx < x + bw - 5; wx += 8 * scale) {
        if (rand() < 0.22) windows += `<rect x="${f(wx)}" y="${f(wy)}" width="${f(3 * scale)}" height="${f(4 * scale)}" opacity="${f(0.5 + rand() * 0.5)}"/>`
      }
    }
    x += bw + w * rand() * 0.01
  }
  if (accent === 'spire') {
    const sx = w * 0.3
    out += `<path d="M${f(sx - 22 * scale)} ${baseY} L${f(sx - 10 * scale)} ${f(baseY * 0.5)} L${f(sx)} ${f(baseY * 0.08)} L${f(sx + 10 * scale)} ${f(baseY * 0.5)} L${f(sx + 22 * scale)} ${baseY} Z"/>`
  } else if (accent === 'arch') {
    const sx = w * 0.28
    out += `<path d="M${f(sx)} ${baseY} v${f(-baseY * 0.22)} h${f(120 * scale)} v${f(baseY * 0.22)} h${f(-40 * scale)} a${f(20 * scale)} ${f(30 * scale)} 0 0 0 ${f(-40 * scale)} 0 Z"/>`
    out += `<circle cx="${f(sx + 30 * scale)}" cy="${f(baseY * 0.78)}" r="${f(16 * scale)}"/><circle cx="${f(sx + 90 * scale)}" cy="${f(baseY * 0.78)}" r="${f(16 * scale)}"/>`
  } else if (accent === 'towers') {
    const sx = w * 0.34
    for (let i = 0; i < 3; i++) out += `<rect x="${f(sx + i * 60 * scale)}" y="${f(baseY * 0.55)}" width="${f(34 * scale)}" height="${f(baseY * 0.45)}"/>`
    out += `<path d="M${f(sx - 20 * scale)} ${f(baseY * 0.55)} h${f(190 * scale)} l${f(12 * scale)} ${f(-14 * scale)} h${f(-200 * scale)} Z"/>`
  } else if (accent === 'lotus') {
    const sx = w * 0.26
    out += `<rect x="${f(sx - 6 * scale)}" y="${f(baseY * 0.22)}" width="${f(12 * scale)}" height="${f(baseY * 0.78)}"/><path d="M${f(sx - 26 * scale)} ${f(baseY * 0.3)} Q${f(sx)} ${f(baseY * 0.1)} ${f(sx + 26 * scale)} ${f(baseY * 0.3)} Q${f(sx)} ${f(baseY * 0.36)} ${f(sx - 26 * scale)} ${f(baseY * 0.3)} Z"/><rect x="${f(sx - 2 * scale)}" y="${f(baseY * 0.04)}" width="${f(4 * scale)}" height="${f(baseY * 0.2)}"/>`
  }
  // Gantry cranes and container stacks on the right.
  for (let i = 0; i < 3; i++) {
    const cx = w * (0.68 + i * 0.1)
    const ch = baseY * (0.32 + rand() * 0.08) * scale
    out += `<path d="M${f(cx)} ${baseY} L${f(cx + 6)} ${f(baseY - ch)} L${f(cx + 12)} ${baseY} Z M${f(cx + 50)} ${baseY} L${f(cx + 56)} ${f(baseY - ch)} L${f(cx + 62)} ${baseY} Z"/>`
    out += `<rect x="${f(cx - 70)}" y="${f(baseY - ch - 8)}" width="${f(190)}" height="10"/><rect x="${f(cx + 20)}" y="${f(baseY - ch - 40)}" width="6" height="34"/>`
  }
  out += '</g>'
  const stackColors = [C.coral, C.ocean600, C.brass500, '#2f7a6a', '#8a3a3a']
  let stacks = '<g opacity="0.9">'
  for (let x2 = w * 0.64; x2 < w * 0.98; x2 += 46) {
    const n = 1 + Math.floor(rand() * 4)
    for (let k = 0; k < n; k++)
      stacks += `<rect x="${f(x2)}" y="${f(baseY - 16 * (k + 1))}" width="44" height="15" fill="${stackColors[Math.floor(rand() * stackColors.length)]}"/>`
  }
  stacks += '</g>'
  return out + windows + '</g>' + stacks
}

function palm(x, baseY, s, tone) {
  let out = `<g fill="${tone}" transform="translate(${f(x)} ${f(baseY)}) scale(${s})"><path d="M-4 0 Q4 -80 14 -150 L20 -150 Q12 -80 6 0 Z"/>`
  for (const a of [-150, -120, -70, -30, 10, 40]) out += `<path transform="translate(17 -150) rotate(${a})" d="M0 0 Q40 -14 80 6 Q40 -4 0 6 Z"/>`
  return out + '</g>'
}

/** An abstract portrait: head and shoulders in flat shapes, a cap for officers. */
function portrait(seed, {skin, shirt, bg1, bg2, hair, cap = false, stripes = 0, long = false}) {
  const w = 800
  const brass = C.brass400
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 800 800">
  <defs><radialGradient id="bg" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></radialGradient>
  <linearGradient id="sh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="${600 + (seed % 3) * 30}" cy="170" r="190" fill="#ffffff" opacity="0.06"/>
  ${long ? `<path d="M270 330 Q260 180 400 175 Q540 180 530 330 L550 560 Q400 600 250 560 Z" fill="${hair}"/>` : ''}
  <path d="M110 800 Q120 560 300 520 L500 520 Q680 560 690 800 Z" fill="${shirt}"/>
  <path d="M330 520 L400 640 L470 520 Z" fill="#f4f6f8"/>
  <path d="M385 560 L400 700 L415 560 Z" fill="${C.navy900}"/>
  ${stripes ? Array.from({length: stripes}, (_, i) => `<rect x="170" y="${610 + i * 16}" width="90" height="9" fill="${brass}"/><rect x="540" y="${610 + i * 16}" width="90" height="9" fill="${brass}"/>`).join('') : ''}
  <rect x="350" y="430" width="100" height="110" rx="40" fill="${skin}"/>
  <ellipse cx="400" cy="340" rx="120" ry="140" fill="${skin}"/>
  <path d="M280 330 Q280 190 400 190 Q520 190 520 330 Q500 250 400 250 Q300 250 280 330 Z" fill="${hair}"/>
  ${cap ? `<path d="M268 262 Q400 200 532 262 L520 214 Q400 150 280 214 Z" fill="#f4f6f8"/><path d="M262 262 Q400 240 538 262 Q540 282 400 276 Q262 282 262 262 Z" fill="${C.navy950}"/><circle cx="400" cy="226" r="16" fill="${brass}"/>` : ''}
  <ellipse cx="400" cy="340" rx="120" ry="140" fill="url(#sh)"/>
  <path d="M110 800 Q120 560 300 520 L500 520 Q680 560 690 800 Z" fill="url(#sh)"/>
</svg>`
}

// ---------------------------------------------------------------------------------------------
// Scenes.

function svg(w, h, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`
}

/** The home hero: dawn at sea, a training vessel on the right, calm dark water on the left for text. */
function heroScene(w, h, phase = 0) {
  const hz = h * 0.62
  const s = w / 2400
  return svg(
    w,
    h,
    `<defs>${defs('h', 'dawn', hz, h)}</defs>${sky('h', w, hz)}${sun('h', w * 0.72, hz - h * 0.02, h * 0.05)}${clouds('h', w, hz, 11, C.brass300, 0.18)}
    ${hills(w, hz + 1, 5, C.navy800, h * 0.035, 0.7)}
    ${sea('h', w, h, hz, {phase, glintX: w * 0.72, seed: 3})}
    ${ship(w * 0.52, hz + h * 0.075, 1.5 * s * 1.6, {bob: phase, lights: true})}
    ${ship(w * 0.12, hz + 2, 0.35 * s * 1.6, {tone: C.navy900, deck: '#8aa0b8', bob: phase + 0.3})}`,
  )
}

function lifeboatScene(w, h) {
  const hz = h * 0.5
  return svg(
    w,
    h,
    `<defs>${defs('l', 'day', hz, h)}</defs>${sky('l', w, hz)}${clouds('l', w, hz, 21, '#ffffff', 0.5)}${sea('l', w, h, hz, {seed: 9, light: '#cfe6f3'})}
    <path d="M${w * 0.55} 0 H${w} V${h} H${w * 0.7} Z" fill="${C.navy900}"/>
    <path d="M${w * 0.55} 0 L${w * 0.7} ${h}" stroke="${C.navy700}" stroke-width="10"/>
    <g fill="none" stroke="#e9eef3" stroke-width="22" stroke-linecap="round">
      <path d="M${w * 0.66} ${h * 0.62} V${h * 0.2} Q${w * 0.66} ${h * 0.1} ${w * 0.56} ${h * 0.12} L${w * 0.46} ${h * 0.16}"/>
      <path d="M${w * 0.9} ${h * 0.62} V${h * 0.2} Q${w * 0.9} ${h * 0.1} ${w * 0.8} ${h * 0.12} L${w * 0.72} ${h * 0.16}"/>
    </g>
    <g stroke="${C.navy950}" stroke-width="4"><line x1="${w * 0.46}" y1="${h * 0.16}" x2="${w * 0.46}" y2="${h * 0.42}"/><line x1="${w * 0.72}" y1="${h * 0.16}" x2="${w * 0.72}" y2="${h * 0.42}"/></g>
    <path d="M${w * 0.36} ${h * 0.44} Q${w * 0.6} ${h * 0.36} ${w * 0.84} ${h * 0.44} L${w * 0.8} ${h * 0.6} Q${w * 0.6} ${h * 0.66} ${w * 0.4} ${h * 0.6} Z" fill="${C.coral}"/>
    <path d="M${w * 0.38} ${h * 0.52} Q${w * 0.6} ${h * 0.56} ${w * 0.82} ${h * 0.52}" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.85"/>
    <g fill="${C.navy900}" opacity="0.85">${Array.from({length: 6}, (_, i) => `<rect x="${f(w * (0.44 + i * 0.06))}" y="${f(h * 0.42)}" width="${f(w * 0.03)}" height="${f(h * 0.04)}" rx="8"/>`).join('')}</g>
    <rect x="0" y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="${C.navy950}" opacity="0.35"/>`,
  )
}

function rigScene(w, h, variant = 0) {
  const hz = h * 0.64
  const rigX = w * (variant ? 0.2 : 0.56)
  const rig = `<g fill="${C.navy950}">
    ${[0, 1, 2, 3].map((i) => `<rect x="${f(rigX + i * w * 0.06)}" y="${f(hz - h * 0.12)}" width="${f(w * 0.012)}" height="${f(h * 0.2)}"/>`).join('')}
    <rect x="${f(rigX - w * 0.03)}" y="${f(hz - h * 0.2)}" width="${f(w * 0.26)}" height="${f(h * 0.09)}"/>
    <path d="M${f(rigX + w * 0.04)} ${f(hz - h * 0.2)} L${f(rigX + w * 0.07)} ${f(hz - h * 0.52)} L${f(rigX + w * 0.1)} ${f(hz - h * 0.2)} Z" fill="none" stroke="${C.navy950}" stroke-width="8"/>
    ${Array.from({length: 6}, (_, i) => `<line x1="${f(rigX + w * (0.045 + i * 0.004))}" y1="${f(hz - h * (0.22 + i * 0.05))}" x2="${f(rigX + w * (0.095 - i * 0.004))}" y2="${f(hz - h * (0.25 + i * 0.05))}" stroke="${C.navy950}" stroke-width="4"/>`).join('')}
    <rect x="${f(rigX + w * 0.15)}" y="${f(hz - h * 0.26)}" width="${f(w * 0.09)}" height="${f(h * 0.06)}"/>
    <ellipse cx="${f(rigX + w * 0.195)}" cy="${f(hz - h * 0.262)}" rx="${f(w * 0.05)}" ry="${f(h * 0.008)}" fill="${C.brass400}"/>
    <line x1="${f(rigX - w * 0.02)}" y1="${f(hz - h * 0.2)}" x2="${f(rigX - w * 0.08)}" y2="${f(hz - h * 0.36)}" stroke="${C.navy950}" stroke-width="7"/>
  </g><g fill="${C.brass300}">${Array.from({length: 9}, (_, i) => `<circle cx="${f(rigX + w * (0.0 + i * 0.025))}" cy="${f(hz - h * 0.15)}" r="3"/>`).join('')}</g>`
  const hx = w * (variant ? 0.68 : 0.3)
  const hy = h * 0.22
  const heli = `<g transform="translate(${f(hx)} ${f(hy)}) scale(${f(w / 1600)})" fill="${C.navy950}">
    <ellipse cx="0" cy="0" rx="90" ry="38"/><path d="M60 -10 L250 -4 L250 6 L60 20 Z"/><path d="M240 -40 L262 -40 L258 8 L244 8 Z"/>
    <rect x="-10" y="-52" width="24" height="16"/><rect x="-260" y="-58" width="520" height="6" rx="3"/>
    <path d="M-70 14 Q-80 -20 -40 -30 L-20 -30 L-20 10 Z" fill="${C.ocean300}" opacity="0.7"/>
    <line x1="-60" y1="44" x2="60" y2="44" stroke="${C.navy950}" stroke-width="6"/><line x1="-40" y1="36" x2="-40" y2="44" stroke="${C.navy950}" stroke-width="5"/><line x1="40" y1="36" x2="40" y2="44" stroke="${C.navy950}" stroke-width="5"/>
    <circle cx="-80" cy="10" r="6" fill="#ff5a4a"/>
  </g>`
  return svg(
    w,
    h,
    `<defs>${defs('r', 'dusk', hz, h)}</defs>${sky('r', w, hz)}${sun('r', w * (variant ? 0.8 : 0.22), hz - h * 0.04, h * 0.04)}${clouds('r', w, hz, 31 + variant, C.brass300, 0.15)}${sea('r', w, h, hz, {seed: 13, glintX: w * (variant ? 0.8 : 0.22)})}${rig}${heli}`,
  )
}

/** A simulator bridge: windows onto a sea view, consoles with radar and ECDIS screens. */
function bridgeScene(w, h, variant = 0) {
  const hz = h * 0.42
  const night = variant === 1
  const view = `${sky('b', w, hz)}${sun('b', w * 0.6, hz, h * 0.03)}${sea('b', w, h * 0.62, hz, {seed: 17, glintX: w * 0.6, rows: 12})}${ship(w * 0.25, hz + h * 0.03, w / 3200, {bob: 0.2, lights: night})}`
  const win = Array.from({length: 4}, (_, i) => {
    const x = w * (0.04 + i * 0.24)
    return `<rect x="${f(x)}" y="${f(h * 0.1)}" width="${f(w * 0.2)}" height="${f(h * 0.5)}" rx="10" fill="none" stroke="${C.navy950}" stroke-width="14"/>`
  }).join('')
  const radar = (cx, cy, r) =>
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#061f1a"/><g fill="none" stroke="#4fe0a0" stroke-opacity="0.55" stroke-width="2"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.33)}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.66)}"/><line x1="${f(cx - r)}" y1="${f(cy)}" x2="${f(cx + r)}" y2="${f(cy)}"/><line x1="${f(cx)}" y1="${f(cy - r)}" x2="${f(cx)}" y2="${f(cy + r)}"/></g><path d="M${f(cx)} ${f(cy)} L${f(cx + r)} ${f(cy)} A${f(r)} ${f(r)} 0 0 0 ${f(cx + r * 0.7)} ${f(cy - r * 0.7)} Z" fill="#4fe0a0" opacity="0.35"/><circle cx="${f(cx + r * 0.4)}" cy="${f(cy - r * 0.2)}" r="5" fill="#b8ffd8"/><circle cx="${f(cx - r * 0.5)}" cy="${f(cy + r * 0.3)}" r="4" fill="#b8ffd8"/>`
  const ecdis = (x, y, ww, hh) =>
    `<rect x="${f(x)}" y="${f(y)}" width="${f(ww)}" height="${f(hh)}" rx="6" fill="#0d2d4f"/><path d="M${f(x)} ${f(y + hh * 0.6)} Q${f(x + ww * 0.3)} ${f(y + hh * 0.3)} ${f(x + ww * 0.55)} ${f(y + hh * 0.5)} T${f(x + ww)} ${f(y + hh * 0.35)} V${f(y + hh)} H${f(x)} Z" fill="#e6c98a" opacity="0.75"/><path d="M${f(x + ww * 0.1)} ${f(y + hh * 0.2)} L${f(x + ww * 0.5)} ${f(y + hh * 0.35)} L${f(x + ww * 0.85)} ${f(y + hh * 0.15)}" stroke="#ff6a5a" stroke-width="3" fill="none" stroke-dasharray="8 6"/>`
  const consoleY = h * 0.62
  return svg(
    w,
    h,
    `<defs>${defs('b', night ? 'night' : 'dawn', hz, h)}<linearGradient id="bc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.navy800}"/><stop offset="1" stop-color="${C.navy950}"/></linearGradient></defs>
    ${view}<rect y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.4)}" fill="${C.navy950}"/>
    <rect width="${w}" height="${f(h * 0.1)}" fill="${C.navy950}"/>${win}
    <path d="M0 ${f(consoleY)} H${w} V${h} H0 Z" fill="url(#bc)"/>
    <path d="M0 ${f(consoleY)} H${w}" stroke="${C.ocean500}" stroke-opacity="0.4" stroke-width="4"/>
    ${radar(w * 0.2, h * 0.8, h * 0.13)}${ecdis(w * 0.36, h * 0.68, w * 0.26, h * 0.22)}${radar(w * 0.78, h * 0.8, h * 0.11)}
    <g fill="${C.brass400}">${Array.from({length: 8}, (_, i) => `<circle cx="${f(w * (0.66 + (i % 4) * 0.022))}" cy="${f(h * (0.7 + Math.floor(i / 4) * 0.06))}" r="6" opacity="${i % 3 ? 0.9 : 0.4}"/>`).join('')}</g>
    <rect x="${f(w * 0.9)}" y="${f(h * 0.68)}" width="${f(w * 0.06)}" height="${f(h * 0.22)}" rx="8" fill="${C.navy800}"/><rect x="${f(w * 0.92)}" y="${f(h * 0.7)}" width="${f(w * 0.02)}" height="${f(h * 0.1)}" rx="6" fill="${C.coral}"/>`,
  )
}

/** A chart table from above: a nautical chart, compass rose, dividers and a pencil. */
function chartScene(w, h) {
  const rose = (cx, cy, r) => {
    let p = `<g transform="translate(${f(cx)} ${f(cy)})"><circle r="${f(r)}" fill="none" stroke="${C.navy800}" stroke-width="3"/><circle r="${f(r * 0.8)}" fill="none" stroke="${C.navy800}" stroke-width="1.5"/>`
    for (let a = 0; a < 360; a += 10)
      p += `<line x1="0" y1="${f(-r)}" x2="0" y2="${f(-r * (a % 30 ? 0.93 : 0.86))}" stroke="${C.navy800}" stroke-width="2" transform="rotate(${a})"/>`
    for (let a = 0; a < 360; a += 90)
      p += `<path d="M0 ${f(-r * 0.78)} L${f(r * 0.1)} 0 L0 ${f(r * 0.1)} L${f(-r * 0.1)} 0 Z" fill="${a ? C.navy800 : C.coral}" transform="rotate(${a})"/>`
    for (let a = 45; a < 360; a += 90) p += `<path d="M0 ${f(-r * 0.5)} L${f(r * 0.07)} 0 L${f(-r * 0.07)} 0 Z" fill="${C.ocean600}" transform="rotate(${a})"/>`
    return p + '</g>'
  }
  const rand = rng(41)
  let soundings = `<g fill="${C.navy700}" opacity="0.5">`
  for (let i = 0; i < 90; i++) soundings += `<circle cx="${f(rand() * w * 0.7 + w * 0.25)}" cy="${f(rand() * h)}" r="2.5"/>`
  soundings += '</g>'
  let contours = ''
  for (let i = 0; i < 6; i++)
    contours += `<path d="M0 ${f(h * (0.2 + i * 0.05))} Q${f(w * 0.12)} ${f(h * (0.35 + i * 0.06))} ${f(w * 0.08)} ${f(h * (0.7 + i * 0.04))} T${f(w * 0.05)} ${h}" fill="none" stroke="${C.ocean500}" stroke-opacity="${f(0.5 - i * 0.06)}" stroke-width="3"/>`
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#3a2a1c"/><rect x="${f(w * 0.04)}" y="${f(h * 0.05)}" width="${f(w * 0.92)}" height="${f(h * 0.9)}" fill="#e9dfc6" transform="rotate(-2 ${w / 2} ${h / 2})"/>
    <g transform="rotate(-2 ${w / 2} ${h / 2})"><path d="M${f(w * 0.04)} ${f(h * 0.05)} H${f(w * 0.22)} Q${f(w * 0.3)} ${f(h * 0.4)} ${f(w * 0.18)} ${f(h * 0.95)} H${f(w * 0.04)} Z" fill="#d9c48e"/>${contours}${soundings}
    <g stroke="${C.navy900}" stroke-opacity="0.15" stroke-width="2">${Array.from({length: 8}, (_, i) => `<line x1="${f(w * 0.04 + (i * w * 0.92) / 8)}" y1="${f(h * 0.05)}" x2="${f(w * 0.04 + (i * w * 0.92) / 8)}" y2="${f(h * 0.95)}"/>`).join('')}</g>
    ${rose(w * 0.68, h * 0.42, h * 0.26)}
    <path d="M${f(w * 0.3)} ${f(h * 0.8)} L${f(w * 0.5)} ${f(h * 0.55)} L${f(w * 0.62)} ${f(h * 0.62)}" stroke="${C.coral}" stroke-width="5" fill="none"/></g>
    <g transform="translate(${f(w * 0.42)} ${f(h * 0.2)}) rotate(18)"><rect x="-8" y="0" width="16" height="${f(h * 0.5)}" fill="#9aa6b2"/><rect x="40" y="0" width="16" height="${f(h * 0.5)}" fill="#9aa6b2" transform="rotate(-14)"/><circle r="20" fill="${C.brass400}"/></g>
    <g transform="translate(${f(w * 0.2)} ${f(h * 0.78)}) rotate(-30)"><rect width="${f(w * 0.25)}" height="22" fill="${C.brass300}"/><path d="M${f(w * 0.25)} 0 l40 11 l-40 11 Z" fill="#e8cfa0"/><rect x="-30" width="30" height="22" fill="${C.coral}"/></g>`,
  )
}

/** A harbour at a given time of day, with a city accent per country. */
function harbourScene(w, h, {skyName, accent, seed, extra = ''}) {
  const hz = h * 0.6
  const night = skyName === 'dusk' || skyName === 'night'
  return svg(
    w,
    h,
    `<defs>${defs('p', skyName, hz, h)}</defs>${sky('p', w, hz)}${sun('p', w * 0.82, hz - h * 0.08, h * 0.035)}${clouds('p', w, hz, seed, night ? C.brass300 : '#ffffff', night ? 0.12 : 0.4)}
    ${extra}${skyline(w, hz, seed, {accent, tone: night ? C.navy950 : C.navy800, windowTone: night ? C.brass300 : C.ocean100, scale: w / 1600})}
    ${sea('p', w, h, hz, {seed: seed + 1, glintX: w * 0.82, rows: 18})}
    ${ship(w * 0.42, hz + h * 0.16, w / 2200, {bob: 0.1, lights: night})}`,
  )
}

function lighthouseScene(w, h) {
  const hz = h * 0.6
  const lx = w * 0.3
  return svg(
    w,
    h,
    `<defs>${defs('v', 'dusk', hz, h)}<linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff6dd" stop-opacity="0.55"/><stop offset="1" stop-color="#fff6dd" stop-opacity="0"/></linearGradient></defs>
    ${sky('v', w, hz)}${sun('v', w * 0.75, hz, h * 0.04)}${clouds('v', w, hz, 51, C.brass300, 0.14)}${sea('v', w, h, hz, {seed: 53, glintX: w * 0.75})}
    <path d="M${f(lx)} ${f(h * 0.2)} L${w} ${f(h * 0.02)} L${w} ${f(h * 0.3)} Z" fill="url(#beam)"/>
    <path d="M0 ${f(hz + h * 0.2)} Q${f(w * 0.15)} ${f(hz - h * 0.05)} ${f(w * 0.42)} ${f(hz + h * 0.02)} Q${f(w * 0.5)} ${f(hz + h * 0.15)} ${f(w * 0.55)} ${h} H0 Z" fill="${C.navy950}"/>
    <path d="M${f(lx - w * 0.03)} ${f(hz - h * 0.02)} L${f(lx - w * 0.018)} ${f(h * 0.24)} H${f(lx + w * 0.018)} L${f(lx + w * 0.03)} ${f(hz - h * 0.02)} Z" fill="#e9eef3"/>
    <path d="M${f(lx - w * 0.026)} ${f(hz - h * 0.12)} L${f(lx - w * 0.023)} ${f(hz - h * 0.2)} H${f(lx + w * 0.023)} L${f(lx + w * 0.026)} ${f(hz - h * 0.12)} Z" fill="#b23a2e"/>
    <path d="M${f(lx - w * 0.021)} ${f(hz - h * 0.28)} L${f(lx - w * 0.02)} ${f(hz - h * 0.34)} H${f(lx + w * 0.02)} L${f(lx + w * 0.021)} ${f(hz - h * 0.28)} Z" fill="#b23a2e"/>
    <rect x="${f(lx - w * 0.024)}" y="${f(h * 0.225)}" width="${f(w * 0.048)}" height="${f(h * 0.018)}" fill="${C.navy950}"/>
    <rect x="${f(lx - w * 0.014)}" y="${f(h * 0.17)}" width="${f(w * 0.028)}" height="${f(h * 0.055)}" fill="#fff2c8"/>
    <path d="M${f(lx - w * 0.018)} ${f(h * 0.17)} L${f(lx)} ${f(h * 0.14)} L${f(lx + w * 0.018)} ${f(h * 0.17)} Z" fill="${C.navy950}"/>
    <circle cx="${f(lx)}" cy="${f(h * 0.2)}" r="${f(h * 0.09)}" fill="url(#vsun)" opacity="0.8"/>`,
  )
}

/** The academy's mark: a compass-star inside a ring with a wave, in the brand's brass and navy. */
function markSvg(size, {ring, star, wave, bg = 'none'}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${bg !== 'none' ? `<rect width="64" height="64" rx="14" fill="${bg}"/>` : ''}
  <circle cx="32" cy="32" r="23" fill="none" stroke="${ring}" stroke-width="3.5"/>
  <path d="M32 11 L36 28 L53 32 L36 36 L32 53 L28 36 L11 32 L28 28 Z" fill="${star}"/>
  <path d="M14 42 Q20 37 26 42 T38 42 T50 42" fill="none" stroke="${wave}" stroke-width="3.5" stroke-linecap="round"/>
  <circle cx="32" cy="32" r="3.5" fill="${ring}"/></svg>`
}

function logoSvg(dark) {
  const text = dark ? C.navy900 : '#ffffff'
  const sub = dark ? '#475569' : '#dbeefa'
  const ring = dark ? C.navy900 : '#ffffff'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="56" viewBox="0 0 260 56" role="img" aria-label="Maritime Training &amp; Certification">
  <title>Maritime Training &amp; Certification</title>
  <g transform="translate(0 0) scale(0.875)">
    <circle cx="32" cy="32" r="23" fill="none" stroke="${ring}" stroke-width="3.5"/>
    <path d="M32 11 L36 28 L53 32 L36 36 L32 53 L28 36 L11 32 L28 28 Z" fill="${C.brass400}"/>
    <path d="M14 42 Q20 37 26 42 T38 42 T50 42" fill="none" stroke="${dark ? C.ocean600 : C.ocean300}" stroke-width="3.5" stroke-linecap="round"/>
    <circle cx="32" cy="32" r="3.5" fill="${ring}"/>
  </g>
  <text x="64" y="26" font-family="Inter, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif" font-size="19" font-weight="700" letter-spacing="0.2" fill="${text}">Maritime Training</text>
  <text x="64" y="45" font-family="Inter, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif" font-size="12.5" font-weight="600" letter-spacing="2.1" fill="${sub}">&amp; CERTIFICATION</text>
</svg>
`
}

/** Marks of fictional accrediting bodies (invented for the seed; no real organisation). */
function accreditationSvg({initials, name, color, shape}) {
  const font = `font-family="'Helvetica Neue', Arial, 'Liberation Sans', sans-serif"`
  const emblem =
    shape === 'seal'
      ? `<circle cx="40" cy="40" r="34" fill="${color}"/><circle cx="40" cy="40" r="28" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="3 3"/>`
      : shape === 'shield'
        ? `<path d="M40 6 L70 16 V40 Q70 64 40 76 Q10 64 10 40 V16 Z" fill="${color}"/><path d="M40 14 L62 21 V40 Q62 58 40 68" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>`
        : shape === 'anchor'
          ? `<rect x="6" y="6" width="68" height="68" rx="16" fill="${color}"/><path d="M40 20 V60 M28 30 H52 M22 48 Q26 62 40 62 Q54 62 58 48" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" stroke-linecap="round"/>`
          : `<path d="M40 4 L74 40 L40 76 L6 40 Z" fill="${color}"/>`
  // The name on two lines, split where the longer line is shortest.
  const words = name.split(' ')
  let split = 1
  for (let i = 1; i < words.length; i++) {
    const longest = (k) => Math.max(words.slice(0, k).join(' ').length, words.slice(k).join(' ').length)
    if (longest(i) < longest(split)) split = i
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80" role="img" aria-label="${name}">
  <title>${name}</title>${emblem}
  <text x="40" y="47" text-anchor="middle" ${font} font-size="${initials.length > 3 ? 16 : 19}" font-weight="800" fill="#ffffff">${initials}</text>
  <text x="88" y="35" ${font} font-size="15" font-weight="700" fill="#0a1f3f">${words.slice(0, split).join(' ')}</text>
  <text x="88" y="55" ${font} font-size="15" font-weight="700" fill="#0a1f3f">${words.slice(split).join(' ')}</text>
</svg>
`
}

// ---------------------------------------------------------------------------------------------

async function jpeg(name, svgText, w, h) {
  await sharp(Buffer.from(svgText), {density: 72})
    .resize(w, h)
    .jpeg({quality: 72, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0'})
    .toFile(join(OUT, name))
}

async function main() {
  mkdirSync(OUT, {recursive: true})
  const withVideo = process.argv.includes('--video')

  // Named after the background they go on, like the site settings' fields:
  // logo-light.svg → `logo` (dark artwork), logo-dark.svg → `logoDark` (light artwork).
  writeFileSync(join(OUT, 'logo-light.svg'), logoSvg(true))
  writeFileSync(join(OUT, 'logo-dark.svg'), logoSvg(false))
  await sharp(Buffer.from(markSvg(512, {ring: '#ffffff', star: C.brass400, wave: C.ocean300, bg: C.navy900})))
    .png({compressionLevel: 9, palette: true})
    .toFile(join(OUT, 'app-icon.png'))

  // The fictional bodies of the seed's accreditation documents (studio/scripts/seed-images.mjs).
  const bodies = [
    {initials: 'CBMA', name: 'Coral Bay Maritime Administration', color: C.navy800, shape: 'seal'},
    {initials: 'MCS', name: 'Meridian Certification Services', color: C.ocean600, shape: 'shield'},
    {initials: 'OSTC', name: 'Offshore Safety Training Council', color: '#b4531f', shape: 'diamond'},
    {initials: 'NSSB', name: 'Nautical Simulation Standards Board', color: '#2f6a5a', shape: 'anchor'},
  ]
  bodies.forEach((body, i) => writeFileSync(join(OUT, `accreditation-${i + 1}.svg`), accreditationSvg(body)))

  await jpeg('home-hero.jpg', heroScene(2400, 1350, 0), 2400, 1350)
  await jpeg('home-hero-poster.jpg', heroScene(1280, 720, 0), 1280, 720)
  await jpeg('social-default.jpg', heroScene(1200, 630, 0.25), 1200, 630)

  await jpeg('about-mission.jpg', heroScene(1600, 1000, 0.6), 1600, 1000)
  await jpeg('about-vision.jpg', lighthouseScene(1600, 1000), 1600, 1000)
  await jpeg('about-excellence.jpg', harbourScene(1600, 1000, {skyName: 'day', accent: 'none', seed: 61}), 1600, 1000)

  await jpeg('category-pre-sea-training.jpg', harbourScene(1600, 1000, {skyName: 'dawn', accent: 'none', seed: 71}), 1600, 1000)
  await jpeg('category-stcw-courses.jpg', lifeboatScene(1600, 1000), 1600, 1000)
  await jpeg('category-offshore-survival.jpg', rigScene(1600, 1000, 0), 1600, 1000)
  await jpeg('category-value-added-courses.jpg', bridgeScene(1600, 1000, 0), 1600, 1000)
  await jpeg('category-competency-training.jpg', chartScene(1600, 1000), 1600, 1000)
  await jpeg('category-cadetship-training.jpg', bridgeScene(1600, 1000, 1), 1600, 1000)

  const hillsBehind = (seed, color) => hills(1600, 600, seed, color, 220, 0.9)
  const locations = {
    ae: {skyName: 'dawn', accent: 'spire', seed: 81},
    in: {skyName: 'dusk', accent: 'arch', seed: 83},
    ph: {skyName: 'day', accent: 'none', seed: 85, extra: hillsBehind(86, '#2f5f7a') + palm(220, 600, 1.2, C.navy800)},
    sg: {skyName: 'night', accent: 'towers', seed: 87},
    lk: {skyName: 'dawn', accent: 'lotus', seed: 89, extra: palm(1450, 600, 1.4, C.navy900)},
    vn: {skyName: 'day', accent: 'none', seed: 91, extra: hillsBehind(92, '#3f6f86') + hills(1600, 600, 93, '#2b5670', 320, 0.8)},
  }
  for (const [code, options] of Object.entries(locations)) await jpeg(`location-${code}.jpg`, harbourScene(1600, 1000, options), 1600, 1000)

  const people = [
    {skin: '#c68c5e', shirt: C.navy900, bg1: C.ocean500, bg2: C.navy800, hair: '#2a1a12', cap: true, stripes: 4},
    {skin: '#e0b08a', shirt: C.navy800, bg1: C.brass300, bg2: C.brass500, hair: '#5a3a22', stripes: 3, long: true},
    {skin: '#8d5a3b', shirt: '#f4f6f8', bg1: '#7cc3ec', bg2: C.ocean600, hair: '#120c08', cap: true},
    {skin: '#f0c7a0', shirt: '#2f6a5a', bg1: '#e9dfc6', bg2: '#c9b48a', hair: '#8a6a3a'},
    {skin: '#a8734f', shirt: C.navy700, bg1: C.navy700, bg2: C.navy950, hair: '#1e140e', stripes: 2},
    {skin: '#d9a27a', shirt: '#b4531f', bg1: C.brass400, bg2: '#b4531f', hair: '#3a2616', long: true},
    {skin: '#7a4a30', shirt: C.ocean600, bg1: C.ocean100, bg2: '#7cc3ec', hair: '#0e0a08', cap: true, stripes: 1},
  ]
  for (let i = 0; i < 4; i++) await jpeg(`team-${i + 1}.jpg`, portrait(i, people[i]), 800, 800)
  for (let i = 0; i < 3; i++) await jpeg(`testimonial-${i + 1}.jpg`, portrait(i + 4, people[i + 4]), 800, 800)

  if (withVideo) await video()

  let total = 0
  for (const name of readdirSync(OUT).sort()) {
    const size = statSync(join(OUT, name)).size
    total += size
    console.log(`${name.padEnd(38)} ${(size / 1024).toFixed(1).padStart(8)} KB`)
  }
  console.log(`${'total'.padEnd(38)} ${(total / 1024).toFixed(1).padStart(8)} KB`)
  if (total > 3 * 1024 * 1024) throw new Error('The seed assets exceed 3 MB')
}

/** The hero loop: 144 frames (6 s at 24 fps) of the hero scene; phase 0 and 1 are the same frame. */
async function video() {
  const dir = mkdtempSync(join(tmpdir(), 'hero-frames-'))
  const frames = 144
  try {
    for (let i = 0; i < frames; i++) {
      await sharp(Buffer.from(heroScene(960, 540, i / frames)))
        .png({compressionLevel: 1})
        .toFile(join(dir, `f${String(i).padStart(4, '0')}.png`))
    }
    const input = ['-y', '-loglevel', 'error', '-framerate', '24', '-i', join(dir, 'f%04d.png'), '-an']
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'main',
      '-movflags',
      '+faststart',
      join(OUT, 'home-hero.mp4'),
    ])
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-pix_fmt',
      'yuv420p',
      join(OUT, 'home-hero.webm'),
    ])
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

await main()
