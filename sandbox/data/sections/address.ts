/** Street addresses and fictional phone numbers (555-01xx is reserved for fiction in the NANP). */
import type { Random } from '../random'

const streets = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Park Blvd',
  'Washington Ave',
  'Lake Shore Dr',
  'Elm St',
  'Pine St',
  'Hillcrest Rd',
  'Medical Center Dr',
  'University Ave'
]

export const streetAddress = (rng: Random): string => `${rng.int(10, 9899)} ${rng.pick(streets)}`
export const suite = (rng: Random): string => `Suite ${rng.int(100, 950)}`
export const fictionalPhone = (rng: Random): string =>
  `+1 ${rng.int(201, 989)}-555-01${String(rng.int(0, 99)).padStart(2, '0')}`
