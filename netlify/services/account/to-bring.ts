/**
 * What a candidate brings to the course (docs/requirements.md#req-account): the content's
 * "documents to bring" of their programme. My training's cards list it under "What to bring"
 * (./overview.ts), and so does a group booking's delegate's joining e-mail.
 */
import {fetchContent} from '#netlify/platform/content/client'
import {NEXT_STEPS_QUERY} from '#netlify/platform/content/queries'
import {CADETSHIP_TRAINING, COMPETENCY_TRAINING} from '#schemas/rules/programs'

/** The content's lists of documents to bring: the cadetship's and the competency training's. */
export type ToBringLists = {cadetshipDocuments: string[]; competencyDocuments: string[]}

/** What a candidate of `trainingProgram` (a programme key) brings: the cadetship's or the competency training's list, else nothing listed. */
export function toBringOf(trainingProgram: string, lists: ToBringLists): string[] {
  if (trainingProgram === CADETSHIP_TRAINING) return lists.cadetshipDocuments
  return trainingProgram === COMPETENCY_TRAINING ? lists.competencyDocuments : []
}

/** The documents a candidate of `trainingProgram` brings, read from the content (toBringOf). Throws when the content cannot be read. */
export async function documentsToBring(trainingProgram: string): Promise<string[]> {
  const content = await fetchContent(NEXT_STEPS_QUERY)
  return toBringOf(trainingProgram, {
    cadetshipDocuments: content.cadetship?.documentsToBring ?? [],
    competencyDocuments: content.competency?.documentsToBring ?? [],
  })
}
