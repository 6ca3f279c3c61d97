import { describe, expect, it } from 'vitest'
import { menuTemplate, type MenuItemTemplate } from '../../../electron/main/window/menu'

const roles = (items: MenuItemTemplate[]): string[] =>
  items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])])

describe('menuTemplate', () => {
  it('has no reload and no developer tools in a packaged app', () => {
    const packaged = roles(menuTemplate({ platform: 'linux', isPackaged: true }))
    expect(packaged).not.toContain('toggleDevTools')
    expect(packaged).not.toContain('reload')
    expect(packaged).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'zoomIn', 'windowMenu']))
  })

  it('offers reload and developer tools when running from source', () => {
    expect(roles(menuTemplate({ platform: 'linux', isPackaged: false }))).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools'])
    )
  })

  it('Help → Open log folder calls the shell', () => {
    let opened = 0
    const help = menuTemplate({ platform: 'linux', isPackaged: true, onOpenLogFolder: () => opened++ }).find(
      (item) => item.label === 'Help'
    )
    const item = help?.submenu?.find((entry) => entry.label === 'Open log folder')
    item?.click?.()
    expect(opened).toBe(1)
  })

  it('uses the standard app menu on macOS', () => {
    const mac = menuTemplate({ platform: 'darwin', isPackaged: true })
    expect(mac[0]).toEqual({ role: 'appMenu' })
  })
})
