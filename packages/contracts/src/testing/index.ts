export { planFixture } from './plan-fixture';
export { userFixture } from './user-fixture';
