// What must never reach a browser: secrets (from a mistaken DefinePlugin or an env read left in
// front-end code) and the build machine's absolute paths (they name users and folders).
export interface Finding {
  file: string;
  rule: string;
  excerpt: string;
}

interface Rule {
  name: string;
  pattern: RegExp;
}

const RULES: Rule[] = [
  { name: 'Stripe secret or restricted key', pattern: /\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{8,}/g },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9]{8,}/g },
  { name: 'OpenAI-style API key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g },
  { name: 'private key', pattern: /-----BEGIN (?:RSA |EC |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/g },
  { name: 'server-side secret name', pattern: /\b(?:STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|OPENAI_API_KEY|JWT_PRIVATE_KEY|DATABASE_URL|SMTP_URL|MAILBOX_TOKEN|METRICS_TOKEN)\b/g },
  { name: 'absolute build path', pattern: /(?:\/work\/|\/home\/[a-z_][\w-]*\/|\/root\/|\/tmp\/|\/Users\/[\w-]+\/|[A-Z]:\\\\Users\\\\)[\w./\\-]*/g },
];

/** Every match of every rule in one file's text, with a little context for the report. */
export function scanText(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const start = Math.max(0, match.index - 30);
      findings.push({ file, rule: rule.name, excerpt: text.slice(start, match.index + match[0].length + 30).replace(/\s+/g, ' ') });
    }
  }
  return findings;
}
