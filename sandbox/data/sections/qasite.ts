/** Question-and-answer-site section: reputation, badges, top tags, recent questions and answers. */
import type { WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay } from '../dates'
import type { LazySections, Section } from '../lazy'
import { asciiSlug } from '../text'

export const QASITE_ORIGIN = 'https://qasite.com'

type Badge = NonNullable<WholePersonProfile['qasite_gold_badges_full']>[number]
type Question = NonNullable<WholePersonProfile['qasite_questions']>[number]
type Answer = NonNullable<WholePersonProfile['qasite_answers']>[number]

const questionShapes = [
  (t: string) => `How do I handle timeouts in ${t}?`,
  (t: string) => `Why is my ${t} build slower after upgrading?`,
  (t: string) => `Best way to test ${t} code that uses the network?`,
  (t: string) => `${t}: unexpected behaviour when iterating over a large collection`
]

const tagOf = (skill: string): string => skill.toLowerCase().replace(/\s+/g, '-')

export interface QasitePosts {
  qasite_gold_badges_full?: Badge[]
  qasite_silver_badges_full?: Badge[]
  qasite_questions?: Question[]
  qasite_answers?: Answer[]
}

/** Badge details, questions and answers, rebuilt on demand (see lazy.ts). */
export const qasitePosts: Section<QasitePosts> = {
  name: 'qasite',
  build({ profile, rng, now }) {
    const tags = (profile.qasite_tags ?? []).map((t) => t.name ?? 'programming')
    const id = profile.qasite_id ?? 0
    const badge = (cls: number, tag: string): Badge => ({
      name: tag,
      date: isoDay(now - rng.int(1, 80), rng.int(1, 28)),
      class: cls,
      badge_count: 1,
      tag_based: true
    })
    const out: QasitePosts = {}
    if ((profile.qasite_gold_badges ?? 0) > 0) out.qasite_gold_badges_full = [badge(1, tags[0] ?? 'programming')]
    const silver = profile.qasite_silver_badges ?? 0
    if (silver > 0) out.qasite_silver_badges_full = tags.slice(0, Math.min(2, silver)).map((t) => badge(2, t))
    if ((profile.qasite_questions_count ?? 0) > 0) {
      const qs: Question[] = []
      for (let i = 0, n = rng.int(1, 2); i < n; i++) {
        const tag = rng.pick(tags)
        qs.push({
          last_interaction_datetime: isoDay(now - rng.int(0, 40), rng.int(1, 28)),
          link: `${QASITE_ORIGIN}/questions/${70_000_000 + id * 3 + i}`,
          title: rng.pick(questionShapes)(tag),
          tags: [tag],
          comment_count: rng.int(0, 8),
          favorite_count: rng.int(0, 5),
          view_count: rng.int(10, 9000),
          score: rng.int(-1, 40)
        })
      }
      out.qasite_questions = qs
    }
    if ((profile.qasite_answers_count ?? 0) > 0) {
      const as: Answer[] = []
      for (let i = 0, n = rng.int(1, 3); i < n; i++) {
        const tag = rng.pick(tags)
        as.push({
          last_interaction_datetime: isoDay(now - rng.int(0, 40), rng.int(1, 28)),
          link: `${QASITE_ORIGIN}/a/${80_000_000 + id * 3 + i}`,
          tags: [tag],
          accepted_answer: rng.chance(0.4),
          comment_count: rng.int(0, 6),
          view_count: rng.int(10, 20000),
          score: rng.int(0, 120)
        })
      }
      out.qasite_answers = as
    }
    return out
  }
}

export function applyQasite(p: Person, out: WholePersonProfile, lazy: LazySections): void {
  const { rng, career } = p
  const tags = rng
    .sample(
      career.skills.filter((s) => !/Communication|Leadership|Agile|Mentoring/.test(s)),
      rng.int(2, 5)
    )
    .map(tagOf)
  if (tags.length === 0) tags.push('programming')
  const id = 100_000 + p.index * 7 + rng.int(0, 6)
  const name = p.claimHandle(
    rng.chance(0.5)
      ? `${asciiSlug(p.first)}.${asciiSlug(p.last)}`
      : `${asciiSlug(p.first)}${asciiSlug(p.last).slice(0, 1)}${rng.int(10, 999)}`
  )
  const answers = rng.int(0, 400)
  const questions = rng.int(0, 60)
  const score = answers * rng.int(5, 25) + questions * rng.int(1, 8) + 1

  out.qasite_id = id
  out.qasite_url = `${QASITE_ORIGIN}/users/${id}/${name}`
  out.qasite_name = name
  out.qasite_platform_score = score
  out.qasite_questions_count = questions
  out.qasite_answers_count = answers
  out.qasite_gold_badges = Math.floor(score / 4000)
  out.qasite_silver_badges = Math.floor(score / 700)
  out.qasite_bronze_badges = Math.floor(score / 120) + rng.int(0, 5)
  out.qasite_up_votes = rng.int(0, answers * 4 + 10)
  out.qasite_down_votes = rng.int(0, 20)
  out.qasite_tags = tags.map((t, i) => ({
    name: t,
    percent: Math.round((60 - i * 12) * 10) / 10,
    score: rng.int(1, 500),
    level: Math.max(1, 4 - i)
  }))
  out.qasite_reputation_rank = Math.round(rng.next() * 10000) / 100
  out.qasite_reach_rank = Math.round(rng.next() * 10000) / 100
  out.qasite_involvement_rank = Math.round(rng.next() * 10000) / 100
  lazy.attach(qasitePosts, out, lazy.build(qasitePosts, out))
}
