/**
 * Where a dialog's keyboard starts: its main action or first field, never "Close".
 *
 * `Dialog` focuses the element marked `data-initial-focus` when it opens (or the dialog itself
 * when nothing is marked, so Enter does nothing by surprise). Parts that appear later — the
 * quote's confirm button, an export's Close once done — use the `initialFocus` attachment: it
 * takes the focus only when nobody holds it (the dialog itself or the page body, as after the
 * previous step's button went away), never from a field the recruiter chose.
 */
const INITIAL_FOCUS = 'data-initial-focus'

/** Focuses the dialog's marked element, or the dialog itself. */
export function focusInitial(dialog: HTMLDialogElement): void {
  const marked = dialog.querySelector<HTMLElement>(`[${INITIAL_FOCUS}]`)
  if (marked && isFocusable(marked)) marked.focus()
  else dialog.focus()
}

/** `{@attach initialFocus}` on a dialog's main action or first field. */
export function initialFocus(node: HTMLElement): void {
  node.setAttribute(INITIAL_FOCUS, '')
  queueMicrotask(() => {
    const dialog = node.closest('dialog')
    if (!dialog?.open) return // opening: Dialog focuses it after showModal
    const active = document.activeElement
    if (active === null || active === document.body || active === dialog) {
      if (isFocusable(node)) node.focus()
    }
  })
}

const isFocusable = (node: HTMLElement) =>
  node.isConnected && !(node as HTMLButtonElement).disabled && node.getAttribute('aria-hidden') !== 'true'
