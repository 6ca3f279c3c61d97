// The contract's areas whose names begin with d–i, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[d-i]*.ts', { eager: true })
