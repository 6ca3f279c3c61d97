/**
 * Text a recruiter, a restored backup or the service wrote (shortlist, stage and people's names,
 * tags), shown as what it says. Bidirectional controls — embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069), LRM/RLM (U+200E, U+200F), the Arabic letter mark
 * (U+061C) — are dropped on display: "\u202Egnp.exe" would read "exe.png", and an override left
 * open would reverse the sentence around it. Hebrew or Arabic needs none of them; the Unicode
 * algorithm orders it, and `<UserText>` (a `<bdi>`) keeps it from reordering its neighbours.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

export function plain(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

/** A name inside a sentence: “name”, with nothing in it that can reorder the sentence. */
export function quoted(text: string): string {
  return `“${plain(text)}”`
}
