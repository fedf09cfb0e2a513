/**
 * Helpers for the studio's document list previews (./catalogue.ts, ./pages.ts): the price label
 * of a course as its card shows it, and a location's flag.
 */
import {createElement, type ComponentType} from 'react'
import {coursePriceLabel} from '../rules/price'

/**
 * The price part of a course preview: the label the course card shows ("$1,500", "Contact for
 * pricing"), or "No price yet" for a fixed-price course whose price is still missing.
 */
export function coursePricePreview(pricing: unknown, priceUsd: unknown): string {
  const price = typeof priceUsd === 'number' ? priceUsd : null
  if (pricing === 'fixed' && price === null) return 'No price yet'
  return coursePriceLabel({pricing: typeof pricing === 'string' ? pricing : null, priceUsd: price})
}

/**
 * The emoji flag of an ISO 3166-1 alpha-2 code ("ae" → 🇦🇪, two regional indicator symbols), or
 * null when the code is not two letters. Systems without flag emoji show the two letters instead.
 */
export function flagEmoji(countryCode: unknown): string | null {
  if (typeof countryCode !== 'string' || !/^[a-z]{2}$/i.test(countryCode)) return null
  const A = 'A'.charCodeAt(0)
  return String.fromCodePoint(...[...countryCode.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - A))
}

/**
 * Preview media showing a location's flag emoji (decorative: the title already names the
 * country), or undefined so the studio shows the type's default icon.
 */
export function flagMedia(countryCode: unknown): ComponentType | undefined {
  const flag = flagEmoji(countryCode)
  if (!flag) return undefined
  const FlagMedia = () => createElement('span', {'aria-hidden': true, style: {fontSize: '1.75em', lineHeight: 1}}, flag)
  FlagMedia.displayName = 'FlagMedia'
  return FlagMedia
}
