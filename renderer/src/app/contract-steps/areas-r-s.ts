// The contract's areas whose names begin with r–s, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[r-s]*.ts', { eager: true })
