// The contract's areas whose names begin with co (connections, contacts), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/co*.ts', { eager: true })
