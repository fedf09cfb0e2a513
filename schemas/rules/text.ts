/**
 * Control characters in text that comes from outside (paths, redirect targets, file names): the
 * one rule for what counts as one, C0 controls and DEL (U+0000–U+001F, U+007F). a tab
 * or newline in a redirect target or a path is refused, in a file name removed. Nothing throws.
 */

const isControl = (code: number) => code < 0x20 || code === 0x7f

/** Whether `text` holds a control character. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true
  return false
}

/** `text` with every control character removed. */
export function withoutControlCharacters(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) if (!isControl(text.charCodeAt(i))) out += text[i]
  return out
}

/**
 * The values of a labelled set (value → what people read), in the order of `labels`: a non-empty
 * tuple, as z.enum takes it. The set is written once, as its labels, so a value cannot lack one.
 */
export const labelledValues = <V extends string>(labels: Readonly<Record<V, string>>): readonly [V, ...V[]] =>
  Object.keys(labels) as unknown as readonly [V, ...V[]]

/**
 * The text sort key of a value: case- and accent-insensitive, digit runs in numeric order
 * ("Cadet 9" before "Cadet 10"), compared as plain strings — the admin lists' text order, cheap
 * enough to sort 100,000 rows on the server.
 */
export function textSortKey(value: string | null | undefined): string {
  if (!value) return ''
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => {
      const trimmed = digits.replace(/^0+(?=\d)/, '')
      return String.fromCharCode(0x30 + Math.min(trimmed.length, 9)) + trimmed.padStart(Math.max(trimmed.length, 1), '0')
    })
}
