/** The checklist rule of My training's documents panel (schemas/rules/document-checklist.ts). */
import {describe, expect, it} from 'vitest'
import {checklistKeywords, checklistShortName, missingDocuments} from '#schemas/rules/document-checklist'

const CADETSHIP = [
  'Passport (original and a copy)',
  'School-leaving certificates and academic records',
  'Medical fitness certificate from an approved doctor',
  'Four passport-size photographs',
]

describe('missingDocuments', () => {
  it('counts a labelled document for its item only', () => {
    expect(missingDocuments(CADETSHIP, [{fileName: 'scan1.pdf', checklistItem: CADETSHIP[2]}])).toEqual([CADETSHIP[0], CADETSHIP[1], CADETSHIP[3]])
  })

  it('matches an unlabelled document to the one item its name fits best, each document once', () => {
    expect(missingDocuments(CADETSHIP, [{fileName: 'passport.pdf'}])).toEqual(CADETSHIP.slice(1))
    expect(missingDocuments(CADETSHIP, [{fileName: 'passport.pdf'}, {fileName: 'passport-photo.jpg'}])).toEqual([CADETSHIP[1], CADETSHIP[2]])
    expect(missingDocuments(CADETSHIP, [{fileName: 'Medical_Certificate.PDF'}, {fileName: 'school-leaving.pdf'}])).toEqual([CADETSHIP[0], CADETSHIP[3]])
    expect(missingDocuments(CADETSHIP, [{fileName: 'IMG_2041.jpg'}])).toEqual(CADETSHIP)
  })

  it('knows a bracketed name by its initials', () => {
    const list = ["Seaman's book (Continuous Discharge Certificate)", 'Passport copy']
    expect(checklistKeywords(list[0]!)).toContain('cdc')
    expect(missingDocuments(list, [{fileName: 'my_cdc.pdf'}])).toEqual(['Passport copy'])
  })

  it('names an item without its bracketed part', () => {
    expect(checklistShortName('Passport (original and a copy)')).toBe('Passport')
    expect(checklistShortName("Seaman's book (Continuous Discharge Certificate)")).toBe("Seaman's book")
    expect(checklistShortName('Medical fitness certificate')).toBe('Medical fitness certificate')
  })
})
