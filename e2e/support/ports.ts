// E2E_PORT_BASE moves every port at once, so two suites can run side by side on one machine.
export const portBase = Number(process.env.E2E_PORT_BASE ?? 3900);
export const E2E_PORTS = {
  PORT: portBase,
  IDENTITY_PORT: portBase + 11,
  CATALOG_PORT: portBase + 12,
  BILLING_PORT: portBase + 13,
  CHAT_PORT: portBase + 14,
  STRIPE_LOCAL_PORT: portBase + 15,
  AGENT_PROVIDER_PORT: portBase + 16,
  SHELL_PORT: portBase + 20,
  MFE_MARKETING_PORT: portBase + 21,
  MFE_ACCOUNT_PORT: portBase + 22,
  MFE_CHAT_PORT: portBase + 23,
  MFE_ADMIN_PORT: portBase + 24,
} as const;
