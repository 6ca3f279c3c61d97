// The contract's areas whose names begin with c (chat, connections, contacts), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/c*.ts', { eager: true })
