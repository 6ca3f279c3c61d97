import { createRequire } from 'node:module'

// Google's CSP Evaluator, as ported by Doyensec: the evaluator electronegativity's CSP check runs.
// The scanner cannot see our CSP (a response header set in code), so the tests run it directly.
const require = createRequire(createRequire(import.meta.url).resolve('@doyensec/electronegativity/package.json'))
const csp = require('@doyensec/csp-evaluator') as {
  CspParser: new (policy: string) => { csp: unknown }
  CspEvaluator: new (
    parsed: unknown,
    version: number
  ) => { evaluate(): { severity: number; directive: string; value?: string; description: string }[] }
  Version: { CSP3: number }
  severities: Record<'HIGH' | 'SYNTAX' | 'MEDIUM' | 'HIGH_MAYBE' | 'STRICT_CSP' | 'MEDIUM_MAYBE' | 'INFO', number>
}

export interface CspFinding {
  severity: string
  directive: string
  value: string | undefined
}

/** Every finding of the evaluator more serious than INFO, with its severity's name. */
export function evaluateCsp(policy: string): CspFinding[] {
  const names = new Map(Object.entries(csp.severities).map(([name, value]) => [value, name]))
  return new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3)
    .evaluate()
    .filter((finding) => finding.severity < csp.severities.INFO)
    .map((finding) => ({
      severity: names.get(finding.severity) ?? String(finding.severity),
      directive: finding.directive,
      value: finding.value
    }))
}

/**
 * The one remark the evaluator makes on both of our policies: `script-src 'self'` "can be
 * problematic if you host JSONP, Angular or user uploaded files". The page's own origin serves
 * only the files of our build (app:// from out/renderer, the browser host the same folder), so
 * nothing a user or a server supplies can become a script there.
 */
export const acceptedCspFindings: CspFinding[] = [
  { severity: 'MEDIUM_MAYBE', directive: 'script-src', value: "'self'" }
]
