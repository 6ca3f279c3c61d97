const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
const numbers = new Intl.NumberFormat('en')

export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

export function formatNumber(value: number): string {
  return numbers.format(value)
}

export function formatCount(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`
}

export const sourceLabels = { saved: 'Saved', refreshed: 'Refreshed', restored: 'Restored' } as const

/** One colour per stage (by id, so it survives renames and reordering), AA on both themes. */
export function stageTone(stageId: number): string {
  return `tone-${(((stageId - 1) % 6) + 6) % 6}`
}
