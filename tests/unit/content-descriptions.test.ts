/**
 * Every field of the content model (schemas/content) carries a description written for editors:
 * the studio shows it under the field title. Walks document and object types, inline objects,
 * array members and rich-text annotations.
 */
import {describe, expect, it} from 'vitest'
import {schemaTypes} from '#schemas/content'

/** Every field of an object-like definition, with its path, including inline objects and annotations. */
function* fieldsOf(definition: any, path: string): Generator<{path: string; field: any}> {
  for (const field of definition.fields ?? []) {
    const fieldPath = `${path}.${field.name}`
    yield {path: fieldPath, field}
    yield* fieldsOf(field, fieldPath)
  }
  for (const member of definition.of ?? []) {
    yield* fieldsOf(member, `${path}[${member.name ?? member.type}]`)
    for (const annotation of member.marks?.annotations ?? []) yield* fieldsOf(annotation, `${path}[${member.name ?? member.type}][${annotation.name}]`)
  }
}

describe('field descriptions', () => {
  it('every field of the content model tells editors what it does', () => {
    const missing: string[] = []
    const checked: string[] = []
    for (const type of schemaTypes) {
      for (const {path, field} of fieldsOf(type, type.name)) {
        checked.push(path)
        if (typeof field.description !== 'string' || field.description.trim().length < 10) missing.push(path)
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining(['course.priceUsd', 'examQuestion.correctAnswer', 'siteSettings.contact.phoneHref', 'richText[block][link].href']),
    )
    expect(missing).toEqual([])
  })
})
