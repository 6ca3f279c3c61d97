/** A menu item as Electron's `Menu.buildFromTemplate` takes it, limited to what we use. */
export interface MenuItemTemplate {
  role?:
    | 'appMenu'
    | 'fileMenu'
    | 'editMenu'
    | 'windowMenu'
    | 'quit'
    | 'reload'
    | 'forceReload'
    | 'toggleDevTools'
    | 'resetZoom'
    | 'zoomIn'
    | 'zoomOut'
    | 'togglefullscreen'
  label?: string
  type?: 'separator'
  click?: () => void
  submenu?: MenuItemTemplate[]
}

export interface MenuOptions {
  platform: NodeJS.Platform
  /** Packaged builds have no reload and no developer tools in the menu. */
  isPackaged: boolean
  /** Help → Open log folder (the OS file manager at `<data>/logs`). */
  onOpenLogFolder?: () => void
}

/**
 * A minimal menu: the standard app/edit/window menus (so copy, paste and quit keep their
 * shortcuts everywhere) and a View menu with zoom and full screen. Reload and developer tools
 * appear only when running from source.
 */
export function menuTemplate({ platform, isPackaged, onOpenLogFolder }: MenuOptions): MenuItemTemplate[] {
  const view: MenuItemTemplate[] = [
    ...(isPackaged
      ? []
      : ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' }
        ] satisfies MenuItemTemplate[])),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' }
  ]
  return [
    platform === 'darwin' ? { role: 'appMenu' } : { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    ...(onOpenLogFolder ? [{ label: 'Help', submenu: [{ label: 'Open log folder', click: onOpenLogFolder }] }] : [])
  ]
}
