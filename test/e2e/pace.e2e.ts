import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridge, shot, startApp, type E2eApp } from './support'

// The ceiling of a connection's pace, set from Settings: checked as it is typed, saved, shown
// again by main, and back to the default.
describe('the most requests a second, in Settings', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('is checked as typed, saved for the connection, and goes back to the default', async () => {
    const { page } = app
    await page.keyboard.press('8')
    const pace = page.getByTestId('connection-pace')
    const field = page.getByLabel('Most requests a second')
    await expect.poll(() => field.inputValue()).toBe('1000') // the built-in Sandbox's default
    await field.fill('5000')
    await pace.getByText('A whole number from 1 to 1,000.').waitFor()
    expect(await pace.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    await field.fill('50')
    await pace.getByRole('button', { name: 'Save' }).click()
    await pace.getByText('Saved.').waitFor()
    await shot(page, 'settings-pace')
    const saved = await bridge<{ ceiling: number; isDefault: boolean }>(app, 'getConnectionPace', {
      connectionId: 'sandbox'
    })
    expect(saved).toMatchObject({ ceiling: 50, isDefault: false })
    await pace.getByRole('button', { name: 'Back to 1,000' }).click()
    await expect.poll(() => field.inputValue()).toBe('1000')
    expect(
      await bridge<{ ceiling: number; isDefault: boolean }>(app, 'getConnectionPace', { connectionId: 'sandbox' })
    ).toMatchObject({ ceiling: 1000, isDefault: true })
  })
})
