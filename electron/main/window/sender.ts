import type { Sender } from '../ipc/router'

/** The part of Electron's `WebFrameMain` the sender check reads. */
export interface FrameLike {
  /** Chromium's serialised origin of the frame (`"null"` for opaque origins). */
  readonly origin: string
  readonly parent: unknown
  readonly detached?: boolean
}

/**
 * Who sent an IPC call, from the frame Electron reports (`event.senderFrame`). The origin is
 * Chromium's own, not re-parsed from the URL, so an `about:blank` child or a `data:` page gets
 * what the browser decided. A missing frame (it navigated away or was destroyed while the call
 * was in flight), a detached one, or a subframe never counts as the app's main frame.
 */
export function senderFromFrame(frame: FrameLike | null | undefined): Sender {
  if (frame === null || frame === undefined) return { origin: null, isMainFrame: false }
  const origin = frame.origin === '' || frame.origin === 'null' ? null : frame.origin
  return { origin, isMainFrame: frame.parent === null && frame.detached !== true }
}
