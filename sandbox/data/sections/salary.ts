/**
 * Market salary bands. A band depends only on job family, level and country, so profiles share
 * one frozen object per band (memo) instead of each holding a copy.
 */
import type { SalaryData } from '../../../shared/api'
import type { Family, Level } from '../vocab/families'
import type { Place } from '../vocab/places'

const familyBase: Readonly<Record<string, number>> = {
  software: 130_000,
  data: 125_000,
  devops: 128_000,
  security: 132_000,
  product: 135_000,
  design: 115_000,
  sales: 95_000,
  marketing: 100_000,
  finance: 105_000,
  people: 85_000,
  operations: 90_000,
  research: 140_000,
  physician: 260_000,
  nurse: 85_000,
  success: 80_000
}
const countryFactor: Readonly<Record<string, number>> = {
  US: 1,
  CA: 0.75,
  GB: 0.7,
  IE: 0.7,
  DE: 0.7,
  FR: 0.62,
  NL: 0.68,
  SE: 0.62,
  CH: 1.0,
  ES: 0.5,
  IN: 0.22,
  SG: 0.75,
  JP: 0.6,
  AU: 0.78,
  BR: 0.3,
  MX: 0.3,
  IL: 0.72
}
const levelFactor = [0.5, 0.75, 1, 1.3, 1.6, 1.9, 1.7, 2.2, 2.8, 3.4]

export class SalaryBands {
  readonly #memo = new Map<string, SalaryData>()

  bandFor(family: Family, level: Level, place: Place): SalaryData {
    const key = `${family.id}:${level}:${place.countryCode}`
    let band = this.#memo.get(key)
    if (!band) {
      const median =
        Math.round(
          ((familyBase[family.id] ?? 100_000) * (levelFactor[level] ?? 1) * (countryFactor[place.countryCode] ?? 0.6)) /
            500
        ) * 500
      const sd = Math.round(median * 0.18)
      const pct = (z: number): number => Math.round(median + z * sd)
      band = Object.freeze({
        source: 'sandbox-survey',
        key,
        min: pct(-2.2),
        max: pct(2.6),
        variance: sd * sd,
        avg: Math.round(median * 1.03),
        median,
        sd,
        p_10: pct(-1.2816),
        p_25: pct(-0.6745),
        p_75: pct(0.6745),
        p_90: pct(1.2816),
        base_median: Math.round(median * 0.85),
        additional_median: Math.round(median * 0.15),
        count: 40 + ((median / 500) % 400),
        salary_data_points: Object.freeze(
          [-1.5, -0.5, 0, 0.5, 1.5].map((z, i) => Object.freeze({ salary: pct(z), count: [6, 18, 25, 17, 7][i] ?? 1 }))
        ) as SalaryData['salary_data_points']
      }) as SalaryData
      this.#memo.set(key, band)
    }
    return band
  }
}
