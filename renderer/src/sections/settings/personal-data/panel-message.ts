import type { IpcError } from '../../../../../shared/ipc/errors'

/** What a Personal data part says after the recruiter acted: done, or why not (with the error's details). */
export type PanelMessage = { tone: 'ok' | 'error'; text: string; error?: IpcError }
