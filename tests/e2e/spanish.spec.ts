import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures'

/** The English texts of these catalogs (src/locales/en), but those Spanish writes the same. */
function englishTexts(...parts: string[]): string[] {
  const texts: string[] = []
  for (const part of parts) {
    const english = readFileSync(`src/locales/en/${part}.po`, 'utf8')
    const spanish = readFileSync(`src/locales/es/${part}.po`, 'utf8')
    for (const [, id] of english.matchAll(/^msgid "(.+)"$/gm)) {
      const text = JSON.parse(`"${id}"`) as string
      const entry = new RegExp(`^msgid ${JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nmsgstr (".*")$`, 'm').exec(spanish)
      if (entry && JSON.parse(entry[1]!) !== text) texts.push(text)
    }
  }
  return texts
}

/** What of the page's text (the language switch's "English" aside) is still English. */
async function englishLeft(page: Page, texts: string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement
    copy.querySelectorAll('[lang="en"]').forEach((element) => element.remove())
    return copy.innerText
  })
  return texts.filter((text) => shown.includes(text))
}

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-US' })

  test('gets the sign-in page in Spanish, its mistakes included, with no English left', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page).toHaveTitle(/Iniciar sesión/)
    const english = englishTexts('common', 'auth')
    expect(await englishLeft(page, english)).toEqual([])

    // The form's own checks, then the server's answer to a wrong password.
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(2)
    await page.getByLabel('Correo electrónico').fill('nobody@demo.test')
    await page.getByLabel('Contraseña').fill('not the password')
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(page.getByRole('alert').getByText('Correo electrónico o contraseña incorrectos')).toBeVisible({ timeout: 15_000 })
    expect(await englishLeft(page, english)).toEqual([])
    await expectAccessible(page, 'sign-in page in Spanish')
  })
})

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' })

  test('gets English, and a switch to Spanish that stays through signing in and out', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    await page.getByRole('button', { name: 'Español' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')

    await page.getByLabel('Correo electrónico').fill(DEMO.client.email)
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')

    // Signed out, the sign-in page is still in Spanish; and back to English the same way.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Log Out' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})
