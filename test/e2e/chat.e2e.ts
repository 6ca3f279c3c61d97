import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shot, startApp, type E2eApp } from './support'

const totalOf = async (app: E2eApp, answer: number): Promise<number> => {
  const text = await app.page.getByTestId('chat-answer').nth(answer).getByTestId('chat-total').textContent()
  return Number((text ?? '').replace(/[^0-9]/g, ''))
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`a conversation, end to end (${colorScheme})`, () => {
    let app: E2eApp
    beforeAll(async () => {
      app = await startApp({ colorScheme })
    })
    afterAll(() => app?.close())

    it('narrows over three turns, widens when a chip is removed, and resumes after a host restart', async () => {
      const { page } = app
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      await page.keyboard.press('2')
      await page.getByTestId('chat-intro').waitFor()
      await page.getByTestId('conversations-empty').waitFor()

      const input = page.getByTestId('chat-input')
      const say = async (text: string, answers: number) => {
        await input.fill(text)
        await input.press('Enter')
        await expect.poll(() => page.getByTestId('chat-answer').count(), { timeout: 15_000 }).toBe(answers)
      }
      await page.keyboard.press('/')
      await say('software engineers', 1)
      const wide = await totalOf(app, 0)
      expect(wide).toBeGreaterThan(0)
      await say('in Seattle', 2)
      await say('only senior', 3)
      const narrow = await totalOf(app, 2)
      expect(narrow).toBeLessThan(wide)
      expect(await page.getByTestId('chat-answer').nth(2).getByTestId('chat-result').count()).toBeGreaterThan(0)
      await page.getByTestId('query-chips').getByText('Seattle').waitFor()
      await shot(page, `chat-narrowed-${colorScheme}`)

      // "Save search" suggests the query (its chips' words), not the last words said (issue 29),
      // selected from its start so it reads whole and typing replaces it
      await page.getByTestId('save-search-button').click()
      const name = page.getByTestId('save-search-name')
      await name.waitFor()
      const suggested = await name.inputValue()
      expect(suggested).toContain('in Seattle')
      expect(suggested).toContain('senior')
      expect(suggested).not.toBe('only senior')
      expect(
        await name.evaluate((field: HTMLInputElement) => [
          document.activeElement === field,
          field.selectionStart,
          field.selectionEnd === field.value.length,
          field.selectionDirection,
          field.scrollLeft
        ])
      ).toEqual([true, 0, true, 'backward', 0])
      await shot(page, `chat-save-search-${colorScheme}`)
      await page.keyboard.press('Escape')
      await expect.poll(() => name.count()).toBe(0)

      // A reload reopens the conversation where it was: its turns and its chips.
      await page.reload()
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await page.keyboard.press('2')
      await expect.poll(() => page.getByTestId('chat-answer').count()).toBe(3)
      await page.getByTestId('query-chips').getByText('Seattle').waitFor()
      expect(await page.getByTestId('chat-new-notice').count()).toBe(0)
      expect(await page.getByTestId('conversation-item').count()).toBe(1)
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `chat-reopened-${width}-${colorScheme}`)
      }
      await page.setViewportSize({ width: 1280, height: 800 })

      // Remove the place from the query; the next message carries the edited query.
      await page.getByRole('button', { name: /^Remove .*Seattle$/ }).click()
      await page.getByTestId('query-edited').waitFor()
      await say('show me everyone', 4)
      const widened = await totalOf(app, 3)
      expect(widened).toBeGreaterThan(narrow)
      expect(await page.getByTestId('query-chips').textContent()).not.toContain('Seattle')

      // The answer as received, one click away.
      await page.getByTestId('chat-answer').nth(3).getByText('Answer as received').click()
      await expect
        .poll(() => page.getByTestId('chat-answer').nth(3).getByTestId('chat-raw').textContent())
        .toContain('"results"')

      // A person opens beside the thread.
      await page.getByTestId('chat-answer').nth(3).getByTestId('chat-result').first().getByRole('button').click()
      await page.getByTestId('chat-profile').waitFor()
      await shot(page, `chat-widened-${colorScheme}`)

      // A new conversation is never silent: the composer says so, after a reload too, with a way back.
      await page.keyboard.press('n')
      const notice = page.getByTestId('chat-new-notice')
      await notice.waitFor()
      expect(await notice.textContent()).toContain('Your next message starts a new conversation.')
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `chat-new-notice-${width}-${colorScheme}`)
      }
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.reload()
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await page.keyboard.press('2')
      await notice.waitFor()
      await notice.getByRole('button', { name: /^Continue “software engineers”/ }).click()
      await expect.poll(() => page.getByTestId('chat-answer').count()).toBe(4)
      expect(await notice.count()).toBe(0)

      // After a restart of the host, the conversation is reopened by itself and reads whole.
      await app.restartHost()
      await app.openLink()
      await page.keyboard.press('2')
      const item = page.getByTestId('conversation-item').first()
      await item.waitFor()
      expect(await item.textContent()).toContain('software engineers')
      await expect.poll(() => page.getByTestId('chat-answer').count()).toBe(4)
      expect(await page.getByTestId('chat-you').allTextContents()).toEqual([
        'software engineers',
        'in Seattle',
        'only senior',
        'show me everyone'
      ])
      const chipsBefore = await page
        .getByTestId('query-chips')
        .getByRole('button', { name: /^Remove / })
        .count()
      expect(chipsBefore).toBeGreaterThan(0)
      // and goes on where it was: the same conversation, its chips kept and one more
      await say('only in Portland', 5)
      await page.getByTestId('query-chips').getByText('Portland').waitFor()
      expect(await page.getByTestId('conversation-item').count()).toBe(1)
      expect(
        await page
          .getByTestId('query-chips')
          .getByRole('button', { name: /^Remove / })
          .count()
      ).toBeGreaterThan(chipsBefore)
      expect(await totalOf(app, 4)).toBeLessThan(widened)

      // Chips edited and sent as they stand, with nothing typed (issue 29): Enter in the empty box
      await page.getByRole('button', { name: /^Remove .*Portland$/ }).click()
      await page.getByTestId('query-edited').waitFor()
      expect(await input.inputValue()).toBe('')
      expect(await page.getByTestId('chat-send').isEnabled()).toBe(true)
      await input.press('Enter')
      await expect.poll(() => page.getByTestId('chat-answer').count(), { timeout: 15_000 }).toBe(6)
      expect(await totalOf(app, 5)).toBeGreaterThan(await totalOf(app, 4))
      expect(await page.getByTestId('chat-you').last().textContent()).toBe('The query as edited')
      expect(await page.getByTestId('query-chips').textContent()).not.toContain('Portland')
      expect(await page.getByTestId('chat-send').isEnabled()).toBe(false)
      // and the search so reached can be saved, named for its query
      await page.getByTestId('save-search-button').click()
      const saveName = page.getByTestId('save-search-name')
      expect(await saveName.inputValue()).not.toContain('Portland')
      const savedAs = await saveName.inputValue()
      await page.keyboard.press('Enter')
      await page.getByText(`Saved “${savedAs}”.`).waitFor()
    }, 120_000)
  })
}
