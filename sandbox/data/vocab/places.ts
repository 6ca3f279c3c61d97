/** Real cities with their real state/region and country, used for locations that exist. */

export interface Place {
  city: string
  state: string
  /** Two-letter state code for US places (licenses, NPI addresses); region code elsewhere. */
  stateCode: string
  country: string
  countryCode: string
  /** A plausible postal code of the city (first digits right for US cities). */
  zip: string
  /** Hours from UTC in winter; feeds time_zone_delta. */
  utcOffset: number
  /** Relative share of profiles living here. */
  weight: number
}

const us = (city: string, state: string, stateCode: string, zip: string, utcOffset: number, weight: number): Place => ({
  city,
  state,
  stateCode,
  country: 'United States',
  countryCode: 'US',
  zip,
  utcOffset,
  weight
})
const intl = (
  city: string,
  state: string,
  stateCode: string,
  country: string,
  countryCode: string,
  zip: string,
  utcOffset: number,
  weight: number
): Place => ({ city, state, stateCode, country, countryCode, zip, utcOffset, weight })

export const places: readonly Place[] = [
  us('New York', 'New York', 'NY', '10001', -5, 10),
  us('Brooklyn', 'New York', 'NY', '11201', -5, 3),
  us('Buffalo', 'New York', 'NY', '14202', -5, 1),
  us('San Francisco', 'California', 'CA', '94105', -8, 7),
  us('Los Angeles', 'California', 'CA', '90012', -8, 6),
  us('San Diego', 'California', 'CA', '92101', -8, 3),
  us('San Jose', 'California', 'CA', '95113', -8, 3),
  us('Oakland', 'California', 'CA', '94612', -8, 2),
  us('Sacramento', 'California', 'CA', '95814', -8, 1),
  us('Palo Alto', 'California', 'CA', '94301', -8, 1),
  us('Seattle', 'Washington', 'WA', '98101', -8, 6),
  us('Bellevue', 'Washington', 'WA', '98004', -8, 2),
  us('Redmond', 'Washington', 'WA', '98052', -8, 1),
  us('Spokane', 'Washington', 'WA', '99201', -8, 1),
  us('Portland', 'Oregon', 'OR', '97201', -8, 2),
  us('Boston', 'Massachusetts', 'MA', '02108', -5, 5),
  us('Cambridge', 'Massachusetts', 'MA', '02139', -5, 2),
  us('Chicago', 'Illinois', 'IL', '60601', -6, 5),
  us('Austin', 'Texas', 'TX', '78701', -6, 4),
  us('Dallas', 'Texas', 'TX', '75201', -6, 3),
  us('Houston', 'Texas', 'TX', '77002', -6, 3),
  us('San Antonio', 'Texas', 'TX', '78205', -6, 1),
  us('Denver', 'Colorado', 'CO', '80202', -7, 3),
  us('Boulder', 'Colorado', 'CO', '80302', -7, 1),
  us('Atlanta', 'Georgia', 'GA', '30303', -5, 3),
  us('Miami', 'Florida', 'FL', '33131', -5, 2),
  us('Orlando', 'Florida', 'FL', '32801', -5, 1),
  us('Tampa', 'Florida', 'FL', '33602', -5, 1),
  us('Washington', 'District of Columbia', 'DC', '20001', -5, 2),
  us('Arlington', 'Virginia', 'VA', '22201', -5, 1),
  us('Richmond', 'Virginia', 'VA', '23219', -5, 1),
  us('Philadelphia', 'Pennsylvania', 'PA', '19103', -5, 2),
  us('Pittsburgh', 'Pennsylvania', 'PA', '15222', -5, 1),
  us('Baltimore', 'Maryland', 'MD', '21202', -5, 1),
  us('Minneapolis', 'Minnesota', 'MN', '55401', -6, 2),
  us('Detroit', 'Michigan', 'MI', '48226', -5, 1),
  us('Ann Arbor', 'Michigan', 'MI', '48104', -5, 1),
  us('Columbus', 'Ohio', 'OH', '43215', -5, 1),
  us('Cleveland', 'Ohio', 'OH', '44113', -5, 1),
  us('Nashville', 'Tennessee', 'TN', '37203', -6, 1),
  us('Raleigh', 'North Carolina', 'NC', '27601', -5, 2),
  us('Charlotte', 'North Carolina', 'NC', '28202', -5, 1),
  us('Phoenix', 'Arizona', 'AZ', '85004', -7, 2),
  us('Salt Lake City', 'Utah', 'UT', '84101', -7, 1),
  us('Las Vegas', 'Nevada', 'NV', '89101', -8, 1),
  us('St. Louis', 'Missouri', 'MO', '63101', -6, 1),
  us('Kansas City', 'Missouri', 'MO', '64105', -6, 1),
  us('Madison', 'Wisconsin', 'WI', '53703', -6, 1),
  us('Indianapolis', 'Indiana', 'IN', '46204', -5, 1),
  us('New Orleans', 'Louisiana', 'LA', '70112', -6, 1),
  us('Honolulu', 'Hawaii', 'HI', '96813', -10, 1),
  us('Anchorage', 'Alaska', 'AK', '99501', -9, 1),
  intl('London', 'England', 'ENG', 'United Kingdom', 'GB', 'EC2A 1AB', 0, 5),
  intl('Manchester', 'England', 'ENG', 'United Kingdom', 'GB', 'M1 1AE', 0, 1),
  intl('Edinburgh', 'Scotland', 'SCT', 'United Kingdom', 'GB', 'EH1 1YZ', 0, 1),
  intl('Dublin', 'Leinster', 'L', 'Ireland', 'IE', 'D02 X285', 0, 1),
  intl('Toronto', 'Ontario', 'ON', 'Canada', 'CA', 'M5H 2N2', -5, 3),
  intl('Vancouver', 'British Columbia', 'BC', 'Canada', 'CA', 'V6B 1A1', -8, 2),
  intl('Montreal', 'Quebec', 'QC', 'Canada', 'CA', 'H3B 1A7', -5, 1),
  intl('Berlin', 'Berlin', 'BE', 'Germany', 'DE', '10115', 1, 2),
  intl('Munich', 'Bavaria', 'BY', 'Germany', 'DE', '80331', 1, 1),
  intl('Paris', 'Île-de-France', 'IDF', 'France', 'FR', '75001', 1, 2),
  intl('Amsterdam', 'North Holland', 'NH', 'Netherlands', 'NL', '1012 JS', 1, 1),
  intl('Stockholm', 'Stockholm County', 'AB', 'Sweden', 'SE', '111 20', 1, 1),
  intl('Zürich', 'Zürich', 'ZH', 'Switzerland', 'CH', '8001', 1, 1),
  intl('Madrid', 'Community of Madrid', 'MD', 'Spain', 'ES', '28013', 1, 1),
  intl('Barcelona', 'Catalonia', 'CT', 'Spain', 'ES', '08002', 1, 1),
  intl('Bangalore', 'Karnataka', 'KA', 'India', 'IN', '560001', 5.5, 3),
  intl('Hyderabad', 'Telangana', 'TG', 'India', 'IN', '500001', 5.5, 2),
  intl('Pune', 'Maharashtra', 'MH', 'India', 'IN', '411001', 5.5, 1),
  intl('Singapore', 'Singapore', 'SG', 'Singapore', 'SG', '018956', 8, 2),
  intl('Tokyo', 'Tokyo', '13', 'Japan', 'JP', '100-0005', 9, 2),
  intl('Sydney', 'New South Wales', 'NSW', 'Australia', 'AU', '2000', 10, 2),
  intl('Melbourne', 'Victoria', 'VIC', 'Australia', 'AU', '3000', 10, 1),
  intl('São Paulo', 'São Paulo', 'SP', 'Brazil', 'BR', '01310-100', -3, 1),
  intl('Mexico City', 'Mexico City', 'CMX', 'Mexico', 'MX', '06000', -6, 1),
  intl('Tel Aviv', 'Tel Aviv District', 'TA', 'Israel', 'IL', '6100000', 2, 1)
]

export const usPlaces: readonly Place[] = places.filter((p) => p.countryCode === 'US')

/** US state names by code, for license and NPI records. */
export const usStates: ReadonlyMap<string, string> = new Map(usPlaces.map((p) => [p.stateCode, p.state]))

/** Extra spellings people type for places: alias → canonical city, state or country as stored. */
export const placeAliases: Readonly<Record<string, string>> = {
  nyc: 'New York',
  'new york city': 'New York',
  sf: 'San Francisco',
  'san fran': 'San Francisco',
  la: 'Los Angeles',
  dc: 'District of Columbia',
  'washington dc': 'District of Columbia',
  'washington d.c.': 'District of Columbia',
  philly: 'Philadelphia',
  bengaluru: 'Bangalore',
  zurich: 'Zürich',
  'sao paulo': 'São Paulo',
  montréal: 'Montreal',
  usa: 'United States',
  us: 'United States',
  'united states of america': 'United States',
  america: 'United States',
  uk: 'United Kingdom',
  britain: 'United Kingdom',
  'great britain': 'United Kingdom',
  england: 'England',
  holland: 'Netherlands'
}

const placeIds = new Map<Place, number>(places.map((p, i) => [p, i + 1]))
/** 1-based id of a place (location_id). */
export const placeId = (p: Place): number => placeIds.get(p) ?? 0
