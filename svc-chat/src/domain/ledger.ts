/**
 * The wallet ledger: the only code that changes a balance column (`ledger/`). Each change applies
 * its deltas and writes its ledger row through `book`, inside the caller's transaction, so a
 * balance never moves without its row and the ledger's sum is always the balance (the test
 * `ledger-writes.test.ts` fails if a write to the balance columns appears anywhere else).
 */
export { type Buckets, lockWallet, lockWalletIfAny, walletColumns, walletFromRaw, type WalletRow } from './ledger/book';
export { type AllowanceChange, changeAllowance, type PeriodStart, startCreditPeriod } from './ledger/periods';
export {
  type ApiCallCounting,
  apiCallsExhausted,
  bookedColumns,
  bookedStep,
  type Recording,
  releaseReservation,
  reservationRecording,
  reserveCredits,
  type Reserved,
  settleReservation,
  settlementRecording,
  settlementValues,
} from './ledger/reservations';
export { adjustCredits, purchaseCredits, refundCredits } from './ledger/adjustments';
