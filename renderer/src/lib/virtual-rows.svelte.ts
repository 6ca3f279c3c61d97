import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualItem,
  type VirtualizerOptions
} from '@tanstack/svelte-virtual'

export interface VirtualRowsOptions {
  rowHeight: number
  getScrollElement: () => HTMLElement | null
  /** Where the list was scrolled when it was last shown: lists keep their place. */
  initialOffset?: number
  overscan?: number
}

/**
 * Fixed-height rows windowed by TanStack Virtual's core, exposed as runes: only the rows in view
 * (plus a few) exist in the DOM, so a shortlist of 10,000 people scrolls like one of ten.
 */
export class VirtualRows {
  #version = $state(0)
  readonly #virtualizer: Virtualizer<HTMLElement, HTMLElement>
  readonly #base: VirtualizerOptions<HTMLElement, HTMLElement>

  constructor(options: VirtualRowsOptions) {
    this.#base = {
      count: 0,
      getScrollElement: options.getScrollElement,
      estimateSize: () => options.rowHeight,
      overscan: options.overscan ?? 12,
      initialOffset: options.initialOffset ?? 0,
      scrollToFn: elementScroll,
      observeElementRect,
      observeElementOffset,
      onChange: () => {
        this.#version += 1
      }
    }
    this.#virtualizer = new Virtualizer(this.#base)
  }

  /** The rows to render now. */
  get items(): VirtualItem[] {
    void this.#version
    return this.#virtualizer.getVirtualItems()
  }

  get totalSize(): number {
    void this.#version
    return this.#virtualizer.getTotalSize()
  }

  get scrollOffset(): number {
    void this.#version
    return this.#virtualizer.scrollOffset ?? 0
  }

  /** Rows that fit in the viewport (for PageUp / PageDown). */
  get pageSize(): number {
    void this.#version
    const height = this.#virtualizer.scrollRect?.height ?? 0
    return Math.max(1, Math.floor(height / (this.#base.estimateSize(0) || 1)) - 1)
  }

  /** Call when the row count or keys change, and once the scroll element exists. */
  update(count: number, getItemKey: (index: number) => string | number): void {
    this.#virtualizer.setOptions({ ...this.#base, count, getItemKey })
    this.#virtualizer._willUpdate()
    this.#version += 1
  }

  /** Starts observing the scroll element; returns the cleanup. */
  mount(): () => void {
    const cleanup = this.#virtualizer._didMount()
    this.#virtualizer._willUpdate()
    return cleanup
  }

  scrollToIndex(index: number): void {
    if (index >= 0 && index < this.#virtualizer.options.count) this.#virtualizer.scrollToIndex(index, { align: 'auto' })
  }
}
