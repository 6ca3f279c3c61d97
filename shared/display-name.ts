/**
 * A person's name as every list, export and screen shows it: full_name, else first and last name
 * ('' when the profile has neither). Main and the page read it the same way from here.
 */
export function displayName(profile: Record<string, unknown>): string {
  return text(profile.full_name) || [text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ')
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}
