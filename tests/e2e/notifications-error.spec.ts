import { expect, loginAs, test } from './fixtures'

test('/notifications after a load error shows the error alone, not also "No notifications yet"', async ({ page }) => {
  await loginAs(page, 'client')
  await page.route('**/api/system-notifications?**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Server error","details":"Server error"}' }),
  )
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByText('Failed to load notifications. Please try again.').first()).toBeVisible()
  await expect(page.getByText('No notifications yet')).toHaveCount(0)
})
