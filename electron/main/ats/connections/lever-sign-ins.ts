import { randomUUID } from 'node:crypto'
import type { LeverOAuthStarted, StartLeverOAuth } from '../../../../shared/ipc/channels/ats'
import { errorMessage } from '../../../../shared/error-message'
import { AppError } from '../../../../shared/ipc/errors'
import type { Logger } from '../../logging/logger'
import { atsOrigin, type AtsKeys } from '../ats-keys'
import { startLeverAuthorization, type LeverAuthorization, type LeverOAuthTokens } from './lever-oauth'

interface SignIn {
  input: StartLeverOAuth
  authorization: LeverAuthorization
  /** finishLeverOAuth waits on it (a second wait is refused). */
  claimed: boolean
}

/**
 * "Connect Lever with OAuth"'s sign-ins under way, by flow id: each a loopback listener for Lever's
 * redirect and Lever's consent page opened in the system browser through the shell's port
 * (lever-oauth.ts). Nothing is kept until `wait` hands the tokens to AtsConnections, which keeps
 * them in the keychain; an ended sign-in stays until it is waited on (the browser may come back
 * before the page asks) or cancelled.
 */
export class LeverSignIns {
  readonly #flows = new Map<string, SignIn>()

  constructor(
    private readonly deps: {
      keys: AtsKeys
      fetch: typeof fetch
      now: () => number
      logger: Logger
      openInBrowser?: ((url: string) => Promise<void>) | undefined
      waitMs?: number
      newId?: () => string
    }
  ) {}

  async start(input: StartLeverOAuth): Promise<LeverOAuthStarted> {
    const app = { ...input, baseUrl: input.baseUrl.replace(/\/+$/, ''), authUrl: input.authUrl.replace(/\/+$/, '') }
    atsOrigin(app.baseUrl)
    atsOrigin(app.authUrl)
    if (!this.deps.keys.canKeep())
      throw new AppError(
        'keychain_unavailable',
        'The system keychain is unavailable, so Lever’s tokens could not be kept. Unlock it (or install one) and try again.'
      )
    const authorization = await startLeverAuthorization(
      { fetch: this.deps.fetch, now: this.deps.now },
      { authUrl: app.authUrl, apiUrl: app.baseUrl, clientId: app.clientId, clientSecret: app.clientSecret },
      this.deps.waitMs
    )
    const flowId = this.deps.newId?.() ?? randomUUID()
    this.#flows.set(flowId, { input: app, authorization, claimed: false })
    let opened = false
    if (this.deps.openInBrowser !== undefined) {
      try {
        await this.deps.openInBrowser(authorization.authorizeUrl)
        opened = true
      } catch (error) {
        this.deps.logger.warn('ats.oauth_browser_not_opened', { error: errorMessage(error) })
      }
    }
    this.deps.logger.info('ats.oauth_started', { flowId, origin: atsOrigin(app.authUrl), opened })
    return { flowId, authorizeUrl: authorization.authorizeUrl, opened }
  }

  /** How the sign-in ended: the app and its tokens, or the AppError that ended it. */
  async wait(flowId: string): Promise<{ input: StartLeverOAuth; tokens: LeverOAuthTokens }> {
    const flow = this.#flows.get(flowId)
    if (flow === undefined || flow.claimed)
      throw new AppError('not_found', 'That Lever sign-in is over. Start again with “Connect Lever with OAuth”.')
    flow.claimed = true
    try {
      return { input: flow.input, tokens: await flow.authorization.tokens }
    } catch (error) {
      this.deps.logger.warn('ats.oauth_failed', { flowId, code: error instanceof AppError ? error.code : 'internal' })
      throw error
    } finally {
      this.#flows.delete(flowId)
    }
  }

  cancel(flowId: string): { cancelled: boolean } {
    const flow = this.#flows.get(flowId)
    flow?.authorization.cancel()
    if (flow !== undefined && !flow.claimed) this.#flows.delete(flowId)
    return { cancelled: flow !== undefined }
  }

  /** Every sign-in under way stops (the app closes). */
  cancelAll(): void {
    for (const flow of this.#flows.values()) flow.authorization.cancel()
    this.#flows.clear()
  }
}
