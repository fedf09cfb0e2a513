/**
 * My training's documents and names for certificates (docs/account/documents-and-names.md): a
 * paid cadetship enrolment, sign in by the e-mailed link, "Upload your Passport" on top, "Add
 * document" through the chunked upload, then staff see the document (added by the candidate,
 * downloadable) and the history line in the admin enrolment detail; the candidate corrects the
 * name for certificates and staff see that too. axe at 1280 and 390 px.
 */
import {expect, expectAccessible, test} from './fixtures'
import {loginThroughApi, paidCadet, seedToken, uniqueTag} from './admin-session'
import {signInToAccount} from './account-session'

const PASSPORT = 'Passport (original and a copy)'
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

for (const viewport of [
  {width: 1280, height: 900},
  {width: 390, height: 844},
]) {
  test(`a candidate adds a document and corrects the name for certificates; staff see both (${viewport.width} px)`, async ({page, request}) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    const tag = uniqueTag('Docs')
    const name = `${tag} Santos`
    const email = `${tag.toLowerCase()}@example.com`
    await paidCadet(request, name, email)
    await signInToAccount(page, email)

    // The next action on top, and the card's documents.
    const todo = page.getByRole('region', {name: 'To do'})
    await expect(todo).toContainText('Upload your Passport')
    const card = page.getByRole('article', {name: 'Deck Cadet'})
    const documents = card.getByRole('region', {name: 'Documents'})
    await expect(documents.getByRole('list', {name: 'Document checklist'})).toContainText(PASSPORT)
    await expect(documents).toContainText('No documents yet.')
    await expectAccessible(page)

    // A wrong type is refused with the spec's message before anything is sent.
    await documents.getByLabel('File', {exact: true}).setInputFiles({name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello')})
    await documents.getByRole('button', {name: 'Add document'}).click()
    await expect(documents.getByRole('alert')).toHaveText('Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).')

    // "Add document": the passport, through the chunked upload.
    await documents.getByLabel('Which document is this?').selectOption(PASSPORT)
    await documents.getByLabel('File', {exact: true}).setInputFiles({name: `${tag}-passport.pdf`, mimeType: 'application/pdf', buffer: PDF})
    await documents.getByRole('button', {name: 'Add document'}).click()
    await expect(documents.getByRole('status')).toHaveText(`${tag}-passport.pdf added. We have told our staff.`)
    const uploaded = documents.getByRole('list', {name: 'Uploaded documents'})
    await expect(uploaded).toContainText(`${tag}-passport.pdf`)
    await expect(uploaded).toContainText('added by you on')
    await expect(page.getByText('Upload your Passport')).toHaveCount(0)

    // Names for certificates: a bad date is refused beside its field, then the correction is saved.
    const profile = page.getByRole('region', {name: 'Names for certificates'})
    await expect(profile.getByLabel('Name as on your passport')).toHaveValue(name)
    await profile.getByLabel('Name as on your passport').fill(`${tag} Dela Santos`)
    await profile.getByLabel('Date of birth').fill('2999-01-01')
    await profile.getByLabel('Nationality').fill('Filipino')
    await profile.getByRole('button', {name: 'Save'}).click()
    await expect(profile.getByText('Your date of birth must be in the past')).toBeVisible()
    await profile.getByLabel('Date of birth').fill('1999-07-21')
    await profile.getByRole('button', {name: 'Save'}).click()
    await expect(profile.getByRole('status')).toHaveText('Saved. Your certificates will be issued with these details.')
    await expectAccessible(page)

    // Staff: the admin enrolment detail lists the document, downloads it, and shows the history.
    await seedToken(page, await loginThroughApi(request))
    await page.goto('/adminEnrollments')
    await page.getByLabel('Search enrolments').fill(name)
    await page.getByRole('button', {name: `View ${name}`}).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`${tag}-passport.pdf`)
    await expect(dialog).toContainText('added by the candidate on')
    await expect(dialog).toContainText(`Document added by the candidate: ${tag}-passport.pdf (${PASSPORT})`)
    await expect(dialog).toContainText(`Name for certificates changed by the candidate: ${name} → ${tag} Dela Santos`)
    await expect(dialog).toContainText('1999-07-21')
    const download = page.waitForEvent('download')
    await dialog.getByRole('button', {name: `Download ${tag}-passport.pdf`}).click()
    expect((await download).suggestedFilename()).toBe(`${tag}-passport.pdf`)
    await expectAccessible(page)
  })
}
