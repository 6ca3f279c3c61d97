/**
 * Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the
 * LRM/RLM marks (U+200E, U+200F) and the Arabic letter mark (U+061C). In a name, a file name or a
 * spreadsheet cell they only disguise what is there: "\u202Egnp.exe" reads as "exe.png", and an
 * override left open reverses whatever follows it. Hebrew and Arabic need none of them (the Unicode
 * algorithm orders them), so the app drops them wherever it shows or writes such text: on screen
 * (renderer/src/lib/user-text.ts), in file names, and in every exported cell.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}
