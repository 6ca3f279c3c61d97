import { displayName } from '../../../shared/display-name'

/** The name the page shows for a person: their display name, else their key, else "Unnamed person". */
export function personName(profile: unknown, key: string | null): string {
  const fields = profile !== null && typeof profile === 'object' ? (profile as Record<string, unknown>) : {}
  return displayName(fields) || key || 'Unnamed person'
}
