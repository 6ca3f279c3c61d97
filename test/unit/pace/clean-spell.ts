import type { PaceRule } from '../../../electron/main/pace/pace-rule'

/** Clean answers every `gapMs` from `from` to `to`, with calls waiting for the pace all along. */
export function cleanSpell(rule: PaceRule, from: number, to: number, gapMs: number): number {
  let t = from
  for (; t < to; t += gapMs) {
    rule.wanted(t)
    rule.clean(t)
  }
  return t
}
