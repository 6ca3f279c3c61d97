/** Academic section: author identity, co-authors, papers with their author lists. */
import type { Paper, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay, yearOf } from '../dates'
import type { LazySections, Section } from '../lazy'
import { firstNames, lastNames } from '../vocab/names'

type CoAuthor = NonNullable<WholePersonProfile['co_authors']>[number]

interface Field {
  category: string
  subs: readonly string[]
  methods: readonly string[]
  problems: readonly string[]
  venues: readonly string[]
  docType: string
}

const fields = {
  computing: {
    category: 'Computer Science',
    subs: ['Machine Learning', 'Natural Language Processing', 'Computer Vision', 'Distributed Computing', 'Databases'],
    methods: [
      'Contrastive Learning',
      'Sparse Attention',
      'Graph Neural Networks',
      'Federated Optimization',
      'Probabilistic Sketches',
      'Retrieval-Augmented Models'
    ],
    problems: [
      'Long-Document Understanding',
      'Low-Resource Translation',
      'Scene Segmentation',
      'Stream Joins',
      'Query Optimization',
      'Anomaly Detection'
    ],
    venues: ['NeurIPS', 'ICML', 'ACL', 'CVPR', 'VLDB', 'OSDI'],
    docType: 'Conference'
  },
  biology: {
    category: 'Biology',
    subs: ['Genomics', 'Bioinformatics', 'Neuroscience', 'Molecular Biology'],
    methods: ['Single-Cell Sequencing', 'Deep Mutational Scanning', 'Bayesian Phylogenetics', 'CRISPR Screens'],
    problems: ['Gene Regulatory Networks', 'Protein Stability', 'Neural Circuit Mapping', 'Microbiome Dynamics'],
    venues: ['Nature Methods', 'Genome Research', 'PLOS Computational Biology', 'Cell Systems'],
    docType: 'Journal'
  },
  materials: {
    category: 'Materials Science',
    subs: ['Nanomaterials', 'Batteries', 'Thin Films'],
    methods: ['In Situ Electron Microscopy', 'High-Throughput Screening', 'Density Functional Theory'],
    problems: ['Solid-State Electrolytes', 'Perovskite Stability', 'Grain Boundary Diffusion'],
    venues: ['Advanced Materials', 'Nano Letters', 'Acta Materialia'],
    docType: 'Journal'
  },
  medicine: {
    category: 'Medicine',
    subs: ['Cardiology', 'Oncology', 'Pediatrics', 'Neurology', 'Public Health'],
    methods: [
      'Randomized Controlled Trials',
      'Retrospective Cohort Analysis',
      'Machine-Learning Risk Scores',
      'Multicenter Registries'
    ],
    problems: ['Readmission Risk', 'Early Sepsis Detection', 'Post-Operative Outcomes', 'Medication Adherence'],
    venues: ['JAMA', 'The Lancet', 'New England Journal of Medicine', 'BMJ'],
    docType: 'Journal'
  }
} satisfies Record<string, Field>

/** Research field of a person, from their department and specialisation. */
function fieldOf(profile: WholePersonProfile): Field {
  const spec = profile.cur_title_specialization ?? ''
  if (profile.department === 'Medicine') return fields.medicine
  if (/Biology/.test(spec)) return fields.biology
  if (/Materials/.test(spec)) return fields.materials
  return fields.computing
}

export interface Publications {
  co_authors: CoAuthor[]
  recent_papers: Paper[]
  relevant_papers: Paper[]
}

/** Co-authors and papers, rebuilt on demand (see lazy.ts). */
export const publications: Section<Publications> = {
  name: 'academic',
  build({ profile, rng, now, careerStart }) {
    const field = fieldOf(profile)
    const authorId = Number(profile.author_id ?? 0)
    const person = (authorId - 2_000_000_000) / 13
    const me: CoAuthor = { id: authorId, display_name: profile.full_name ?? '', sequence_number: 1 }
    const coAuthors: CoAuthor[] = []
    for (let i = 0, n = rng.int(2, 6); i < n; i++) {
      coAuthors.push({
        id: 3_000_000_000 + person * 17 + i,
        display_name: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`,
        sequence_number: i + 2
      })
    }
    const affiliation = profile.affiliations?.[0] ?? ''
    const firstYear = yearOf(careerStart) - 2
    const papers: Paper[] = []
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      const month = now - rng.int(1, Math.max(2, (yearOf(now) - firstYear) * 12))
      const cites = Math.floor(rng.next() * rng.next() * 400)
      const authors = rng.sample(coAuthors, rng.int(1, Math.min(4, coAuthors.length)))
      authors.splice(rng.int(0, authors.length), 0, me)
      const id = authorId * 10 + i
      const title = `${rng.pick(field.methods)} for ${rng.pick(field.problems)}`
      const venue = rng.pick(field.venues)
      papers.push({
        id,
        citation_count: cites,
        estimated_citation_count: Math.round(cites * 1.1),
        reference_count: rng.int(15, 80),
        year: yearOf(month),
        doi: `10.5555/sandbox.${id}`,
        doc_type: field.docType,
        paper_title: title.toLowerCase(),
        original_title: title,
        venue,
        journal_name: venue,
        date: isoDay(month, rng.int(1, 28)),
        abstract: `We study ${title.toLowerCase()} and report results on ${rng.pick(field.subs).toLowerCase()} benchmarks.`,
        affiliations: [affiliation],
        categories: [field.category],
        keywords: [rng.pick(field.subs)],
        fields_of_study: [{ id: 1, name: field.category, level: 0, score: 0.9 }],
        authors: authors.map((a, seq) => ({ ...a, sequence_number: seq + 1 }))
      })
    }
    papers.sort((a, b) => (b.year as number) - (a.year as number) || (a.id as number) - (b.id as number))
    const best = papers.reduce((a, b) => ((b.citation_count as number) > (a.citation_count as number) ? b : a))
    return { co_authors: coAuthors, recent_papers: papers, relevant_papers: [best] }
  }
}

export function applyAcademic(p: Person, out: WholePersonProfile, lazy: LazySections): void {
  const { rng, career } = p
  const field = fieldOf(out)
  out.author_id = String(2_000_000_000 + p.index * 13)
  out.expert_key = `ex_${(p.index + 1).toString(36)}`
  out.affiliations = p.shared.of([
    career.company.kind === 'university' ? career.company.name : (career.educations[0]?.school as string)
  ])
  out.categories = p.shared.of([field.category])
  out.sub_categories = p.shared.of(rng.sample(field.subs, rng.int(1, 2)))
  out.tags = p.shared.of(rng.sample(field.methods, 2).map((m) => m.toLowerCase()))
  // Titles and citation totals must agree with the papers, so the section is built once here.
  const built = lazy.build(publications, out)
  const paperCount = Math.max(built.recent_papers.length, rng.int(2, 40))
  out.publications = built.recent_papers.map((x) => x.original_title as string)
  out.publication_count = paperCount
  out.paper_count = paperCount
  out.patent_count = rng.chance(0.15) ? rng.int(1, 4) : 0
  out.book_count = rng.chance(0.05) ? 1 : 0
  out.citation_count =
    built.recent_papers.reduce((s, x) => s + (x.citation_count as number), 0) + rng.int(0, paperCount * 20)
  lazy.attach(publications, out, built)
}
