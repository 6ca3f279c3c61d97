// The contract's areas whose names begin with a–b, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[a-b]*.ts', { eager: true })
