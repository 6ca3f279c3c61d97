/** Code-host section: handle, repositories, contributions to open-source projects, languages. */
import type { Repository, RepositoryContribution, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { epochMs, isoDay } from '../dates'
import { asciiSlug } from '../text'
import { programmingLanguages } from '../vocab/families'
import { codehostOrgs, licenses, ossProjects, repoSuffixes, repoWords } from '../vocab/projects'

export const CODEHOST_ORIGIN = 'https://codehost.com'

/** Heavy-tailed count: most people have few stars/followers, a few have many. */
function heavyTail(p: Person, scale: number): number {
  const u = p.rng.next()
  return Math.floor(scale * (1 / Math.sqrt(1 - u * 0.999) - 1))
}

export function applyCodehost(p: Person, out: WholePersonProfile): void {
  const { rng, career } = p
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

  let langs = career.skills.filter((s) => programmingLanguages.includes(s))
  if (langs.length === 0) langs = [rng.pick(['Python', 'JavaScript', 'Go', 'Java', 'TypeScript'])]
  const ranks: Record<string, number> = {}
  langs.forEach((l, i) => (ranks[l] = Math.round((0.95 - i * 0.15 - rng.next() * 0.1) * 1000) / 1000))

  const repoCount = rng.int(1, 3)
  const repos: Repository[] = []
  let totalStars = 0
  for (let i = 0; i < repoCount; i++) {
    const name = `${rng.pick(repoWords)}-${rng.pick(repoSuffixes)}`
    const lang = rng.pick(langs)
    const stars = heavyTail(p, 6)
    totalStars += stars
    const link = `${CODEHOST_ORIGIN}/${handle}/${name}`
    repos.push({
      name,
      link,
      description: `${lang} ${name.split('-')[1] ?? 'project'} by ${handle}`,
      prog_lang: lang,
      license: rng.pick(licenses),
      stars: String(stars),
      issues: String(rng.int(0, 12)),
      topics: p.shared.of([lang.toLowerCase()]),
      prog_langs: { [lang]: rng.int(2_000, 90_000) },
      forks: Math.floor(stars / rng.int(3, 8)),
      watches: rng.int(0, 10) + Math.floor(stars / 20),
      commits: rng.int(5, 900),
      branches: rng.int(1, 6),
      releases: rng.int(0, 12),
      contributors: rng.int(1, 4),
      updated: isoDay(p.now - rng.int(0, 30), rng.int(1, 28))
    })
  }

  const contribs: RepositoryContribution[] = []
  const picked = rng.sample(
    ossProjects.filter((o) => langs.includes(o.language)).concat(rng.chance(0.3) ? [rng.pick(ossProjects)] : []),
    rng.int(0, 2)
  )
  for (const o of picked) {
    const total = rng.int(1, 180)
    const last = p.now - rng.int(0, 24)
    const firstInteraction = last - rng.int(1, 36)
    contribs.push({
      name: o.name,
      link: `${CODEHOST_ORIGIN}/${o.owner}/${o.name}`,
      description: o.description,
      prog_lang: o.language,
      stars: String(o.stars),
      topics: o.topics as string[],
      personal_contribs: { author: { login: handle }, total },
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

  out.codehost_handle = handle
  out.codehost_url = `${CODEHOST_ORIGIN}/${handle}`
  out.codehost_key = `ch_${(p.index + 1).toString(36)}`
  if (rng.chance(0.4)) out.organizations = p.shared.of(rng.sample(codehostOrgs, rng.int(1, 2)))
  out.topics = p.shared.of(langs.map((l) => l.toLowerCase()))
  if (rng.chance(0.2)) out.websites = [`https://${handle}.blog.example`]
  out.stars = totalStars + contribs.length
  out.followers = heavyTail(p, 8)
  out.following = rng.int(0, 80)
  out.num_repos = repoCount + rng.int(0, 30)
  out.coder_rank = Math.round(rng.next() * 1000) / 1000
  out.prog_lang_ranks = ranks
  if (contribs.length > 0) out.contribs = contribs
  out.user_repos = repos
}
