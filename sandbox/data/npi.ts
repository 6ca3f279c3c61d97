/**
 * National Provider Identifier check digits. An NPI is nine digits plus a Luhn check digit
 * computed as if the number were prefixed with the card-issuer prefix 80840 (CMS, "NPI Check
 * Digit"), so a generated NPI validates like a real one.
 */

/** Luhn check digit for `payload` (digits only; the check digit will be appended on the right). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0
  let double = true // the rightmost payload digit is doubled
  for (let i = payload.length - 1; i >= 0; i--) {
    let d = payload.charCodeAt(i) - 48
    if (d < 0 || d > 9) throw new Error(`not a digit in ${payload}`)
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return (10 - (sum % 10)) % 10
}

/** Full ten-digit NPI from its nine-digit base. */
export function npiFromBase(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error(`NPI base must be 9 digits: ${base9}`)
  return base9 + String(luhnCheckDigit('80840' + base9))
}

/** True when `npi` is ten digits whose last digit is the Luhn check digit over 80840 + first nine. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false
  return luhnCheckDigit('80840' + npi.slice(0, 9)) === Number(npi[9])
}
