import { z } from 'zod'
import {
  booleanSchema,
  dateTimeSchema,
  doubleSchema,
  int32Schema,
  int64Schema,
  integerSchema,
  opt,
  stringArraySchema,
  stringSchema
} from './primitives'

// Code-host repositories and a person's contributions to them.

export const contributionAuthorSchema = z.looseObject({
  login: opt(stringSchema),
  avatar: opt(stringSchema)
})

/** One week of a contribution: w (week), a (additions), d (deletions), c (commits). */
export const contributionWeekSchema = z.looseObject({
  w: opt(integerSchema),
  a: opt(integerSchema),
  d: opt(integerSchema),
  c: opt(integerSchema)
})

export const contributionSchema = z.looseObject({
  author: opt(contributionAuthorSchema),
  total: opt(integerSchema),
  weeks: opt(z.array(contributionWeekSchema))
})

export const repositorySchema = z.looseObject({
  name: opt(stringSchema),
  highlighted_link: opt(stringSchema),
  link: opt(stringSchema),
  headline: opt(stringSchema),
  forked_from: opt(stringSchema),
  mirrored_from: opt(stringSchema),
  description: opt(stringSchema),
  prog_lang: opt(stringSchema),
  network: opt(stringSchema),
  license: opt(stringSchema),
  html: opt(stringSchema),
  // The spec types these two counters as strings.
  stars: opt(stringSchema),
  issues: opt(stringSchema),
  topics: opt(stringArraySchema),
  prog_langs: opt(z.record(z.string(), int32Schema)),
  forks: opt(int32Schema),
  users: opt(int32Schema),
  watches: opt(int32Schema),
  commits: opt(int32Schema),
  branches: opt(int32Schema),
  releases: opt(int32Schema),
  contributors: opt(int32Schema),
  participants: opt(int32Schema),
  updated: opt(dateTimeSchema),
  contributions: opt(z.record(z.string(), contributionSchema)),
  score: opt(doubleSchema),
  query_match: opt(booleanSchema)
})
export type Repository = z.infer<typeof repositorySchema>

export const repoInvolvementMetricsSchema = z.looseObject({
  issues_raised: opt(integerSchema),
  issues_closed: opt(integerSchema),
  threads_participated_in: opt(integerSchema),
  total_comments_posted: opt(integerSchema),
  first_interaction_datetime: opt(dateTimeSchema),
  last_interaction_datetime: opt(dateTimeSchema)
})

export const issueInvolvementSchema = z.looseObject({
  issue_number: opt(integerSchema),
  issue_title: opt(stringSchema),
  body: opt(stringSchema),
  html_url: opt(stringSchema),
  query_match: opt(booleanSchema)
})

/** Every Repository field plus the person's own involvement. */
export const repositoryContributionSchema = repositorySchema.extend({
  personal_contribs: opt(contributionSchema),
  personal_contrib_rank: opt(int32Schema),
  num_contributors: opt(int32Schema),
  latest_contrib_timestamp: opt(int64Schema),
  contrib_link: opt(stringSchema),
  issues_link: opt(stringSchema),
  repo_involvement_metrics: opt(repoInvolvementMetricsSchema),
  issue_involvements: opt(z.array(issueInvolvementSchema))
})
export type RepositoryContribution = z.infer<typeof repositoryContributionSchema>
