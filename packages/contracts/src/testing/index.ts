export { adminAgentFixture } from './agent-fixture';
export { planCreateFixture, planFixture, seededPlanFixture, seededPlansFixture, type SeededPlanId } from './plan-fixture';
export { userFixture } from './user-fixture';
export { walletFixture } from './wallet-fixture';
