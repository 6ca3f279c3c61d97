/**
 * Fictional employers (classic placeholder names plus invented ones). Domains use the reserved
 * `.example` top-level domain so generated emails can never reach a real mailbox.
 */

export type CompanyKind =
  'tech' | 'finance' | 'retail' | 'industrial' | 'consulting' | 'media' | 'hospital' | 'university' | 'biotech'

export interface Company {
  id: number
  name: string
  industry: string
  kind: CompanyKind
  /** Head count bucket used for company_size / org_size. */
  size: number
  domain: string
}

type Row = [name: string, industry: string, kind: CompanyKind, size: number]

const rows: Row[] = [
  ['Acme Corp', 'Manufacturing', 'industrial', 25000],
  ['Globex', 'Computer Software', 'tech', 12000],
  ['Initech', 'Information Technology and Services', 'tech', 3500],
  ['Umbrella Corporation', 'Pharmaceuticals', 'biotech', 60000],
  ['Stark Industries', 'Defense and Space', 'industrial', 45000],
  ['Wayne Enterprises', 'Financial Services', 'finance', 80000],
  ['Hooli', 'Internet', 'tech', 40000],
  ['Pied Piper', 'Computer Software', 'tech', 150],
  ['Aviato', 'Internet', 'tech', 40],
  ['Soylent', 'Food Production', 'retail', 2200],
  ['Cyberdyne Systems', 'Computer Hardware', 'tech', 9000],
  ['Tyrell Corporation', 'Biotechnology', 'biotech', 15000],
  ['Wonka Industries', 'Food Production', 'retail', 7000],
  ['Vandelay Industries', 'Import and Export', 'retail', 300],
  ['Dunder Mifflin', 'Paper and Forest Products', 'retail', 1800],
  ['Sterling Cooper', 'Marketing and Advertising', 'media', 600],
  ['Massive Dynamic', 'Research', 'biotech', 20000],
  ['Oscorp', 'Biotechnology', 'biotech', 11000],
  ['Northwind Traders', 'Wholesale', 'retail', 1200],
  ['Contoso', 'Computer Software', 'tech', 30000],
  ['Fabrikam', 'Computer Hardware', 'tech', 8000],
  ['Tailspin Toys', 'Consumer Goods', 'retail', 900],
  ['Wingtip Toys', 'Consumer Goods', 'retail', 450],
  ['Adventure Works', 'Sporting Goods', 'retail', 3000],
  ['Litware', 'Computer Software', 'tech', 700],
  ['Proseware', 'Computer Software', 'tech', 250],
  ['Blue Yonder Airlines', 'Airlines/Aviation', 'industrial', 14000],
  ['Woodgrove Bank', 'Banking', 'finance', 22000],
  ['Fourth Coffee', 'Food and Beverages', 'retail', 5000],
  ['Alpine Ski House', 'Leisure, Travel and Tourism', 'retail', 350],
  ['Bluepeak Analytics', 'Computer Software', 'tech', 420],
  ['Brightline Data', 'Information Technology and Services', 'tech', 1300],
  ['Cobalt Robotics Works', 'Machinery', 'industrial', 600],
  ['Driftwood Labs', 'Internet', 'tech', 95],
  ['Emberline Security', 'Computer and Network Security', 'tech', 800],
  ['Fernleaf Health Tech', 'Hospital and Health Care', 'tech', 520],
  ['Granite Peak Capital', 'Investment Management', 'finance', 400],
  ['Harborview Logistics', 'Logistics and Supply Chain', 'industrial', 6500],
  ['Ironclad Cloud', 'Computer Software', 'tech', 2800],
  ['Juniper Row Media', 'Online Media', 'media', 750],
  ['Kestrel Payments', 'Financial Services', 'finance', 1900],
  ['Lumen Grid Energy', 'Renewables and Environment', 'industrial', 4100],
  ['Meridian Consulting Group', 'Management Consulting', 'consulting', 18000],
  ['Nimbus Storage', 'Computer Hardware', 'tech', 2300],
  ['Orchard Street Bank', 'Banking', 'finance', 9500],
  ['Polaris Mobility', 'Automotive', 'industrial', 27000],
  ['Quarry Point Games', 'Computer Games', 'tech', 650],
  ['Redwood Insurance', 'Insurance', 'finance', 12500],
  ['Saltmarsh Biotech', 'Biotechnology', 'biotech', 1100],
  ['Tidewater Retail', 'Retail', 'retail', 32000],
  ['Upland Learning', 'E-Learning', 'tech', 380],
  ['Vantage Point Advisors', 'Management Consulting', 'consulting', 2600],
  ['Willowbrook Foods', 'Food Production', 'retail', 4800],
  ['Xylo Networks', 'Telecommunications', 'tech', 7700],
  ['Yellowstone Freight', 'Transportation/Trucking/Railroad', 'industrial', 8800],
  ['Zephyr AI', 'Computer Software', 'tech', 210],
  ['Copperleaf Studios', 'Design', 'media', 120],
  ['Halcyon Pharma', 'Pharmaceuticals', 'biotech', 9000],
  ['Silverline Telecom', 'Telecommunications', 'tech', 16000],
  ['Keystone Accounting', 'Accounting', 'consulting', 5400],
  ['Beacon Hill Partners', 'Law Practice', 'consulting', 900],
  ['Arcadia Software', 'Computer Software', 'tech', 1600],
  ['Northstar Fintech', 'Financial Services', 'finance', 640],
  ['Quantum Ledger', 'Financial Services', 'finance', 180],
  ['Sparrow Commerce', 'Internet', 'tech', 2100],
  ['Tessellate Design', 'Design', 'media', 85],
  ['Summit Outdoor Co', 'Retail', 'retail', 2700],
  ['Riverbend Media', 'Broadcast Media', 'media', 3300],
  ['General Hospital of the Bay', 'Hospital and Health Care', 'hospital', 9000],
  ['Mercy Valley Medical Center', 'Hospital and Health Care', 'hospital', 6500],
  ['St. Brigid Health System', 'Hospital and Health Care', 'hospital', 21000],
  ["Lakeside Children's Hospital", 'Hospital and Health Care', 'hospital', 4200],
  ['Cedar Ridge Clinic', 'Medical Practice', 'hospital', 300],
  ['Harbor Point Medical Group', 'Medical Practice', 'hospital', 1400],
  ['Pinecrest Regional Hospital', 'Hospital and Health Care', 'hospital', 5200],
  ['Unity Community Health', 'Hospital and Health Care', 'hospital', 2500],
  ['Northfield University', 'Higher Education', 'university', 12000],
  ['Eastlake Institute of Technology', 'Higher Education', 'university', 8000],
  ['Western Research Institute', 'Research', 'university', 2000],
  ['Coastal State University', 'Higher Education', 'university', 15000]
]

const domainOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(corp|corporation|inc|co|group)\b/g, '')
    .replace(/[^a-z0-9]+/g, '') + '.example'

export const companies: readonly Company[] = rows.map(([name, industry, kind, size], i) => ({
  id: 1000 + i,
  name,
  industry,
  kind,
  size,
  domain: domainOf(name)
}))

export const companiesByKind: ReadonlyMap<CompanyKind, readonly Company[]> = (() => {
  const map = new Map<CompanyKind, Company[]>()
  for (const c of companies) {
    const list = map.get(c.kind) ?? []
    list.push(c)
    map.set(c.kind, list)
  }
  return map
})()
