import type { z } from 'zod'
import type { atsPullChannels } from '../../../../shared/ipc/channels/ats-pull'
import type { AtsPullService } from './ats-pull-service'

type Channels = typeof atsPullChannels
type In<K extends keyof Channels> = z.output<Channels[K]['input']>
type Out<K extends keyof Channels> = z.input<Channels[K]['output']>

/**
 * The pull's channels (shared/ipc/channels/ats-pull.ts). Typed by their own schemas: the ATS
 * feature's index spreads them into its handlers once `atsPullChannels` and `atsPullEvents` are
 * in the contract (contract.ts, names.ts), with the connections it opens.
 */
export function atsPullHandlers(pull: AtsPullService) {
  return {
    pullAtsNow: ({ connectionId, mode }: In<'pullAtsNow'>): Out<'pullAtsNow'> => pull.start(connectionId, mode),
    getAtsPullStatus: ({ connectionId }: In<'getAtsPullStatus'>): Promise<Out<'getAtsPullStatus'>> =>
      pull.status(connectionId),
    cancelAtsPull: ({ connectionId }: In<'cancelAtsPull'>): Out<'cancelAtsPull'> => ({
      cancelled: pull.cancel(connectionId)
    })
  }
}
