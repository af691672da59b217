export { planCreateFixture, planFixture } from './plan-fixture';
export { userFixture } from './user-fixture';
