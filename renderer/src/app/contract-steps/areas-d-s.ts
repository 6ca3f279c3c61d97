// The contract's areas whose names begin with d–s (the cheap ones: ~20 ms of the build for 14 areas), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[d-s]*.ts', { eager: true })
