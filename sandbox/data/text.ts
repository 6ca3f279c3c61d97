/** Small string helpers for building handles, emails and URLs from names. */

/** Lowercase ASCII letters and digits only: "Zoë O'Brien" -> "zoeobrien". */
export function asciiSlug(s: string): string {
  let slug = slugs.get(s)
  if (slug === undefined) {
    slug = toSlug(s)
    if (slugs.size < 10_000) slugs.set(s, slug)
  }
  return slug
}

// Names come from small vocabularies, so their slugs are cached.
const slugs = new Map<string, string>()

function toSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/** A person's place as displayed in profiles: "Seattle, Washington, United States". */
export function placeLabel(p: { city: string; state: string; country: string }): string {
  let label = labels.get(p)
  if (label === undefined) {
    label = p.city === p.state ? `${p.city}, ${p.country}` : `${p.city}, ${p.state}, ${p.country}`
    labels.set(p, label)
  }
  return label
}

// Cached so every profile in a city shares one label string.
const labels = new WeakMap<object, string>()
