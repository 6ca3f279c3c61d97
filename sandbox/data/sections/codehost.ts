/** Code-host section: handle, repositories, contributions to open-source projects, languages. */
import type { Repository, RepositoryContribution, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { epochMs, isoDay } from '../dates'
import { fnv1a } from '../hash'
import type { LazySections, Section } from '../lazy'
import type { Random } from '../random'
import { asciiSlug } from '../text'
import { programmingLanguages } from '../vocab/families'
import { codehostOrgs, licenses, ossProjects, repoSuffixes, repoWords } from '../vocab/projects'

export const CODEHOST_ORIGIN = 'https://codehost.com'

const FALLBACK_LANGUAGES = ['Python', 'JavaScript', 'Go', 'Java', 'TypeScript']

/** Heavy-tailed count: most people have few stars/followers, a few have many. */
function heavyTail(rng: Random, scale: number): number {
  const u = rng.next()
  return Math.floor(scale * (1 / Math.sqrt(1 - u * 0.999) - 1))
}

/** The person's programming languages: from their skills, else one picked by their key. */
function languagesOf(profile: WholePersonProfile): string[] {
  const langs = (profile.skills ?? []).filter((s) => programmingLanguages.includes(s))
  return langs.length > 0 ? langs : [FALLBACK_LANGUAGES[fnv1a(profile.key ?? '') % FALLBACK_LANGUAGES.length] as string]
}

export interface CodehostRepos {
  prog_lang_ranks: Record<string, number>
  user_repos: Repository[]
  contribs?: RepositoryContribution[]
}

const numberStrings: string[] = []
/** String(n) for small counters, shared. */
const countString = (n: number): string => (n < 1000 ? (numberStrings[n] ??= String(n)) : String(n))

/** Repositories and contributions, rebuilt on demand (see lazy.ts). */
export const codehostRepos: Section<CodehostRepos> = {
  name: 'codehost',
  build({ profile, rng, now }) {
    const handle = profile.codehost_handle ?? ''
    const langs = languagesOf(profile)
    const ranks: Record<string, number> = {}
    langs.forEach((l, i) => (ranks[l] = Math.round((0.95 - i * 0.15 - rng.next() * 0.1) * 1000) / 1000))

    const repos: Repository[] = []
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      const name = `${rng.pick(repoWords)}-${rng.pick(repoSuffixes)}`
      const lang = rng.pick(langs)
      const stars = heavyTail(rng, 6)
      repos.push({
        name,
        link: `${CODEHOST_ORIGIN}/${handle}/${name}`,
        description: `${lang} ${name.split('-')[1] ?? 'project'} by ${handle}`,
        prog_lang: lang,
        license: rng.pick(licenses),
        stars: countString(stars),
        issues: countString(rng.int(0, 12)),
        topics: [lang.toLowerCase()],
        prog_langs: { [lang]: rng.int(2_000, 90_000) },
        forks: Math.floor(stars / rng.int(3, 8)),
        watches: rng.int(0, 10) + Math.floor(stars / 20),
        commits: rng.int(5, 900),
        branches: rng.int(1, 6),
        releases: rng.int(0, 12),
        contributors: rng.int(1, 4),
        updated: isoDay(now - rng.int(0, 30), rng.int(1, 28))
      })
    }

    const contribs: RepositoryContribution[] = []
    const candidates = ossProjects.filter((o) => langs.includes(o.language))
    if (rng.chance(0.3)) candidates.push(rng.pick(ossProjects))
    for (const o of rng.sample([...new Set(candidates)], rng.int(0, 2))) {
      const last = now - rng.int(0, 24)
      const firstInteraction = last - rng.int(1, 36)
      contribs.push({
        name: o.name,
        link: `${CODEHOST_ORIGIN}/${o.owner}/${o.name}`,
        description: o.description,
        prog_lang: o.language,
        stars: String(o.stars),
        topics: [...o.topics],
        personal_contribs: { author: { login: handle }, total: rng.int(1, 180) },
        personal_contrib_rank: rng.int(1, 400),
        num_contributors: rng.int(40, 900),
        latest_contrib_timestamp: epochMs(last),
        contrib_link: `${CODEHOST_ORIGIN}/${o.owner}/${o.name}/commits?author=${handle}`,
        repo_involvement_metrics: {
          issues_raised: rng.int(0, 20),
          issues_closed: rng.int(0, 10),
          threads_participated_in: rng.int(0, 40),
          total_comments_posted: rng.int(0, 120),
          first_interaction_datetime: isoDay(firstInteraction, rng.int(1, 28)),
          last_interaction_datetime: isoDay(last, rng.int(1, 28))
        }
      })
    }
    return contribs.length > 0
      ? { prog_lang_ranks: ranks, user_repos: repos, contribs }
      : { prog_lang_ranks: ranks, user_repos: repos }
  }
}

export function applyCodehost(p: Person, out: WholePersonProfile, lazy: LazySections): void {
  const { rng } = p
  const first = asciiSlug(p.first)
  const last = asciiSlug(p.last)
  const wanted = rng.pick([
    `${first}${last}`,
    `${first[0] ?? ''}${last}`,
    `${first}-${last}`,
    `${first}${rng.int(1, 99)}`,
    `${last}${first[0] ?? ''}`
  ])
  const handle = p.claimHandle(wanted)
  out.codehost_handle = handle
  out.codehost_url = `${CODEHOST_ORIGIN}/${handle}`
  out.codehost_key = `ch_${(p.index + 1).toString(36)}`
  if (rng.chance(0.4)) out.organizations = p.shared.of(rng.sample(codehostOrgs, rng.int(1, 2)))
  out.topics = p.shared.of(languagesOf(out).map((l) => l.toLowerCase()))
  if (rng.chance(0.2)) out.websites = [`https://${handle}.blog.example`]

  // Totals must agree with the repositories, so the section is built once here.
  const repos = lazy.build(codehostRepos, out)
  out.stars = repos.user_repos.reduce((s, r) => s + Number(r.stars), 0) + (repos.contribs?.length ?? 0)
  out.followers = heavyTail(rng, 8)
  out.following = rng.int(0, 80)
  out.num_repos = repos.user_repos.length + rng.int(0, 30)
  out.coder_rank = Math.round(rng.next() * 1000) / 1000
  lazy.attach(codehostRepos, out, repos)
}
