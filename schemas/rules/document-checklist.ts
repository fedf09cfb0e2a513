/**
 * The cadetship's document checklist in My training (docs/requirements.md#req-account): which
 * items of the content's "documents to bring" are still missing from an enrolment's uploads.
 *
 * A document the candidate adds in the portal says which item it is (`checklistItem`), so it
 * covers exactly that item. A document sent with the enrolment form says nothing: it covers the
 * one item whose key words its file name contains most (ties: the first in the checklist), if
 * any. Key words are the item's words of 3 letters or more, less the generic ones ("copy",
 * "certificate", "original", …), compared by their first 5 letters, plus the initials of a
 * bracketed name of 2 words or more ("Continuous Discharge Certificate" → "cdc"). Each
 * document covers one item at most, so two items are never ticked by one file.
 */

/** What the rule needs of an attached document. */
export type ChecklistDocument = {fileName: string; checklistItem?: string | null}

/** Words that say nothing about which document it is. */
const GENERIC = new Set([
  'and',
  'the',
  'for',
  'from',
  'with',
  'your',
  'copy',
  'copies',
  'original',
  'originals',
  'certificate',
  'certificates',
  'current',
  'approved',
  'four',
  'two',
  'three',
  'size',
  'document',
  'documents',
  'records',
])

/** The lower-case key words of a checklist item (see the module comment). */
export function checklistKeywords(item: string): string[] {
  const words = item
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && !GENERIC.has(word))
    .map((word) => word.slice(0, 5))
  const keys = new Set(words)
  for (const [, inside] of item.matchAll(/\(([^)]*)\)/g)) {
    const initials = (inside ?? '').split(/\s+/).filter((word) => /^[A-Z]/.test(word))
    if (initials.length >= 2) keys.add(initials.map((word) => word[0]!.toLowerCase()).join(''))
  }
  return [...keys]
}

/** How many of the item's key words the file name contains. */
const hits = (fileName: string, keywords: readonly string[]) => {
  const name = fileName.toLowerCase()
  return keywords.filter((keyword) => name.includes(keyword)).length
}

/**
 * The checklist items not yet covered by `documents`, in the checklist's order. Labelled
 * documents cover their item first; each unlabelled one then covers the best-matching item
 * still open (see the module comment).
 */
export function missingDocuments(checklist: readonly string[], documents: readonly ChecklistDocument[]): string[] {
  const open = new Set(checklist)
  for (const document of documents) if (document.checklistItem) open.delete(document.checklistItem)
  const keywords = new Map(checklist.map((item) => [item, checklistKeywords(item)]))
  for (const document of documents) {
    if (document.checklistItem) continue
    let best: string | null = null
    let bestHits = 0
    for (const item of checklist) {
      if (!open.has(item)) continue
      const count = hits(document.fileName, keywords.get(item) ?? [])
      if (count > bestHits) {
        best = item
        bestHits = count
      }
    }
    if (best) open.delete(best)
  }
  return checklist.filter((item) => open.has(item))
}

/** An item as the next action names it: without a bracketed part ("Passport (original and a copy)" → "Passport"). */
export function checklistShortName(item: string): string {
  const short = item.replace(/\s*\([^)]*\)\s*/g, ' ').trim()
  return short.length > 0 ? short : item.trim()
}
