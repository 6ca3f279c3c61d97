// The contract's areas whose names begin with ch (chat), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/ch*.ts', { eager: true })
