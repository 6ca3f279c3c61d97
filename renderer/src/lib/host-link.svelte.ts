/**
 * How the page stands with the browser host (never set in the desktop app): connected; the host
 * is not answering (it reconnects by itself); or the host no longer knows this page's session
 * (it was restarted: a new link is needed). The HTTP bridge reports it from its event stream, so
 * the page says so at once, not at the next click.
 */
export type HostLink = { state: 'ok' } | { state: 'down' | 'logged-out'; message: string }

export const hostLink = $state<{ current: HostLink }>({ current: { state: 'ok' } })

export function setHostLink(link: HostLink): void {
  const now = hostLink.current
  // A page the host no longer knows stays so until a new link reloads it.
  if (now.state === 'logged-out') return
  if (now.state === link.state && (link.state === 'ok' || (now as { message: string }).message === link.message)) return
  hostLink.current = link
}
