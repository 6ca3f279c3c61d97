import {
  erasureReasonLabels,
  type ErasureReason,
  type ForgetResult,
  type PersonDescription
} from '../../../../shared/ipc/channels/personal-data'
import { formatCount, formatDay } from '../../lib/format'

/** The reasons as the confirmation offers them, in the shared file's order and words. */
export const reasonChoices = (Object.entries(erasureReasonLabels) as Array<[ErasureReason, string]>).map(
  ([value, label]) => ({ value, label })
)

/** “Forgotten on Mar 1, 2026 (They asked to be erased)”, or '' when they never were. */
export function forgottenLine(description: PersonDescription): string {
  const tombstone = description.forgotten
  if (tombstone === null) return ''
  return `Forgotten on ${formatDay(tombstone.forgottenAt)} (${erasureReasonLabels[tombstone.reason]})`
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** What is held, one line a table, largest first; tables holding nothing about them are left out. */
export function heldLines(description: PersonDescription): Array<{ label: string; rows: number }> {
  return description.holdings
    .filter((holding) => holding.rows > 0)
    .map((holding) => ({ label: capitalised(holding.label), rows: holding.rows }))
    .sort((a, b) => b.rows - a.rows || a.label.localeCompare(b.label))
}

/** “Also recognised by 2 emails, 1 profile handle.”, or '' when only the key names them. */
export function recognisedBy(description: PersonDescription): string {
  const { emails, phones, handles } = description.person
  const parts = [
    ...(emails.length > 0 ? [formatCount(emails.length, 'email', 'emails')] : []),
    ...(phones.length > 0 ? [formatCount(phones.length, 'phone number', 'phone numbers')] : []),
    ...(handles.length > 0 ? [formatCount(handles.length, 'profile handle', 'profile handles')] : [])
  ]
  return parts.length === 0 ? '' : `Also recognised by ${parts.join(', ')}.`
}

/** “1 person” / “3 people”: who a confirmation is about when it is not one named person. */
export const peopleCount = (count: number) => formatCount(count, 'person', 'people')

/** One line a person: what forgetting did, or why they were left as they were. */
export function outcomeLines(
  result: ForgetResult,
  nameOf: (key: string) => string
): Array<{ key: string; name: string; ok: boolean; text: string }> {
  const done = result.forgotten.map((person) => {
    const rows = person.tables.reduce((sum, table) => sum + table.deleted + table.blanked, 0)
    const text = person.nothingHeld
      ? 'Forgotten: nothing was held about them; they will be recognised if they come back.'
      : `Forgotten: ${formatCount(rows, 'record', 'records')} erased in ${formatCount(person.tables.length, 'place', 'places')}.`
    return { key: person.key, name: nameOf(person.key), ok: true, text }
  })
  const failed = result.failed.map((person) => ({
    key: person.key,
    name: nameOf(person.key),
    ok: false,
    text: `Left as they were: ${person.message}`
  }))
  return [...failed, ...done]
}
