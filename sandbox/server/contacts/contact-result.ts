import { createHash } from 'node:crypto'
import type { ContactResult } from '../../../shared/api'
import { isoAt } from '../clock'
import type { ContactBook, ContactType, Purchase } from './contact-book'
import { companyDomain, emailsOf, phonesOf, type ContactSubject } from './contact-data'

export interface Requester {
  organisationId: string
  userId?: string | undefined
  recruiterEmail?: string | undefined
  callerId: string
}

const etagOf = (text: string): string => `"${createHash('sha1').update(text).digest('hex').slice(0, 16)}"`

function requestOf(
  key: string,
  type: ContactType,
  subject: ContactSubject | undefined,
  requester: Requester,
  guid: string,
  queuedAt: number
) {
  return {
    key,
    guid,
    jobId: guid,
    userId: requester.userId,
    recruiterId: requester.userId,
    recruiterEmail: requester.recruiterEmail,
    callerId: requester.callerId,
    company_id_requesting: requester.organisationId,
    li_id: subject?.li_id ?? undefined,
    first_name: subject?.first_name ?? undefined,
    last_name: subject?.last_name ?? undefined,
    full_name: subject?.full_name ?? undefined,
    company: subject?.cur_company ?? undefined,
    domain: subject ? companyDomain(subject) : undefined,
    city: subject?.city ?? undefined,
    state: subject?.state ?? undefined,
    country: subject?.country ?? undefined,
    contact_type: type,
    req_type: 'PublicProfiles',
    jobType: 'Unknown',
    contact_level: 'Basic',
    is_test: true,
    use_cache: true,
    high_pri: false,
    queued_time: isoAt(queuedAt)
  }
}

const providerMeta = (at: string, okEmail: boolean, okPhone: boolean, primary: boolean) => ({
  LastUpdatedForEmail: at,
  LastUpdatedForPhone: at,
  isSuccessfulForEmail: okEmail,
  isSuccessfulForPhone: okPhone,
  isPrimaryProviderForEmail: primary,
  isPrimaryProviderForPhone: primary
})

/** A result for a key the index does not know: Failed at once, no credit spent. */
export function unknownKeyResult(key: string, type: ContactType, requester: Requester, now: number): ContactResult {
  const at = isoAt(now)
  const hex = createHash('sha1').update(`unknown:${key}`).digest('hex')
  const guid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
  return {
    request: requestOf(key, type, undefined, requester, guid, now),
    emails: [],
    phone_numbers: [],
    profiles: [],
    status: 'Failed',
    created_at: at,
    last_updated: at,
    called_fallback_providers: false,
    card: { key, found: false, response: 'Profile not found' },
    execution_trace: {
      key,
      time_taken: 0,
      ignored: true,
      provider_results: [],
      error: `Profile not found: no profile has key "${key}"`,
      exceptions: ['ProfileNotFound']
    },
    has_good_email: false,
    id: guid
  } as ContactResult
}

/** The contact result of a bought lookup as it stands at `now`; data appear only once Completed. */
export function purchaseResult(
  purchase: Purchase,
  subject: ContactSubject,
  book: ContactBook,
  requester: Requester,
  now: number
): ContactResult {
  const status = book.statusOf(purchase, now)
  const changed = isoAt(book.changedAt(purchase, now))
  const created = isoAt(purchase.requestedAt)
  const isEmail = purchase.contactType === 'Email'
  const done = status === 'Completed'
  const failed = status === 'Failed'
  const { work, personal } = emailsOf(subject)
  const { mobile, work: workPhone } = phonesOf(subject)
  const profileUrl =
    subject.li_urls?.find((u) => !!u) ?? `https://profilenet.example.com/in/${subject.li_id ?? purchase.key}`

  const emails =
    done && isEmail
      ? [
          {
            email: work,
            type: 'work',
            confidence: 'high',
            validation: 'Valid',
            source: 'Internal',
            contact_source: 'Internal',
            sources: ['Internal'],
            score: 95,
            rank: 1,
            preferred_email: true,
            bad_email: false,
            valid_since: created,
            last_seen: changed,
            last_updated: changed,
            date_created: changed,
            time_stamp: changed
          },
          {
            email: personal,
            type: 'personal',
            confidence: 'medium',
            validation: 'Unknown',
            source: 'Internal',
            contact_source: 'Internal',
            sources: ['Internal'],
            score: 70,
            rank: 2,
            preferred_email: false,
            bad_email: false,
            valid_since: created,
            last_seen: changed,
            last_updated: changed,
            date_created: changed,
            time_stamp: changed
          }
        ]
      : []
  const phones =
    done && !isEmail
      ? [
          {
            number: mobile,
            type: 'mobile',
            source: 'None',
            rank: 1,
            valid_since: created,
            last_seen: changed,
            time_stamp: changed
          },
          {
            number: workPhone,
            type: 'work',
            source: 'None',
            rank: 2,
            valid_since: created,
            last_seen: changed,
            time_stamp: changed
          }
        ]
      : []
  const profiles = done
    ? [{ source: 'profilenet', network: 'profilenet', user_name: subject.li_id ?? purchase.key, url: profileUrl }]
    : []
  if (done && subject.codehost_handle) {
    profiles.push({
      source: 'codehost',
      network: 'codehost',
      user_name: subject.codehost_handle,
      url: subject.codehost_url ?? `https://codehost.example.com/${subject.codehost_handle}`
    })
  }
  const providerStatus = failed
    ? {
        exception: 'ProviderTimeoutException: no provider answered in time',
        stack: 'at ContactPipeline.Resolve()',
        traces: ['LocalEmailProviderVerifier: timeout', 'ProviderValidationBasedVerifier: no candidates'],
        tags: ['timeout']
      }
    : { traces: [], tags: [] }
  const request = requestOf(purchase.key, purchase.contactType, subject, requester, purchase.guid, purchase.requestedAt)
  const finished = done || failed
  const result = {
    request,
    emails,
    phone_numbers: phones,
    profiles,
    photos: done && subject.image_urls?.[0] ? [{ source: 'profilenet', url: subject.image_urls[0] }] : [],
    websites: done && subject.codehost_url ? [{ type: 'codehost', url: subject.codehost_url }] : [],
    topics: [],
    status,
    called_fallback_providers: failed,
    created_at: created,
    last_updated: changed,
    card: {
      key: purchase.key,
      name: subject.full_name ?? undefined,
      url: profileUrl,
      image_url: subject.image_urls?.[0] ?? undefined,
      location: [subject.city, subject.state, subject.country].filter(Boolean).join(', ') || undefined,
      role: subject.cur_title ?? undefined,
      title: subject.cur_title ?? undefined,
      full_title: [subject.cur_title, subject.cur_company].filter(Boolean).join(' at ') || undefined,
      company: subject.cur_company ?? undefined,
      updated: changed,
      found: !failed,
      response: failed ? 'Failed' : status
    },
    execution_trace: {
      key: purchase.key,
      profilenet_url: profileUrl,
      time_taken: finished ? book.changedAt(purchase, now) - purchase.requestedAt : 0,
      ignored: false,
      best_email: emails[0],
      provider_results: finished
        ? [
            {
              succeeded: done,
              provider: 'LocalEmailProviderVerifier',
              is_primary_provider: true,
              is_credit_used: true,
              is_result_valid: done,
              result_type: 'Contacts',
              emails,
              phone_numbers: phones,
              profiles,
              status: providerStatus,
              invalid_emails: []
            }
          ]
        : [],
      exceptions: failed ? [providerStatus.exception ?? 'ProviderTimeoutException'] : [],
      error: failed ? 'Contact lookup failed: no provider returned data for this person' : undefined
    },
    provider_completion_data_dictionary: finished
      ? {
          LocalEmailProviderVerifier: providerMeta(changed, done && isEmail, done && !isEmail, true),
          ProviderValidationBasedVerifier: providerMeta(changed, done && isEmail, false, false)
        }
      : {},
    request_completion_data: {
      isEmailRequest: isEmail,
      isPhoneRequest: !isEmail,
      emailCompletedTime: finished && isEmail ? changed : undefined,
      phoneCompletedTime: finished && !isEmail ? changed : undefined
    },
    company_ids_requesting: [requester.organisationId],
    has_good_email: done && isEmail,
    id: purchase.guid,
    _etag: etagOf(`${purchase.guid}:${status}`),
    _ts: changed,
    ttl: -1
  }
  return JSON.parse(JSON.stringify(result)) as ContactResult // drops undefined fields, as the wire would
}
