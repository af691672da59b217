export { default } from '@agentdock/lint';
