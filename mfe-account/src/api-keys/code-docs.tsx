import { useState } from 'react';
import { API_KEY_PREFIX, PUBLIC_API_BASE } from '@agentdock/contracts';
import { CopyButton, Tabs, type TabItem } from '@agentdock/ui';

/** What the snippets show instead of a real key: never a secret on screen. */
export const PLACEHOLDER_KEY = `${API_KEY_PREFIX}your_key_here`;
/** The agent the snippets call when the visitor's agents are not known. */
export const DEFAULT_MODEL = 'meeting-prep';
const QUESTION = 'Prepare me for a meeting with a new client';

type Language = 'curl' | 'node' | 'python';

const LANGUAGES: ReadonlyArray<TabItem<Language>> = [
  { value: 'curl', label: 'curl' },
  { value: 'node', label: 'Node.js' },
  { value: 'python', label: 'Python' },
];

/** The public API's base URL on the origin the visitor opened the site on. */
export function publicApiBaseUrl(origin: string = typeof window === 'undefined' ? '' : window.location.origin): string {
  return `${origin}${PUBLIC_API_BASE}`;
}

/** Ready-to-run examples with the visitor's base URL, an agent of theirs and a placeholder key. */
export function snippets(baseUrl: string, model: string): Record<Language, string> {
  return {
    curl: `export AGENTDOCK_API_KEY="${PLACEHOLDER_KEY}"

curl ${baseUrl}/chat/completions \\
  -H "Authorization: Bearer $AGENTDOCK_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "${model}", "messages": [{"role": "user", "content": "${QUESTION}"}]}'`,
    node: `// npm install openai; AGENTDOCK_API_KEY=${PLACEHOLDER_KEY}
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: '${baseUrl}', apiKey: process.env.AGENTDOCK_API_KEY });

const completion = await client.chat.completions.create({
  model: '${model}',
  messages: [{ role: 'user', content: '${QUESTION}' }],
});
console.log(completion.choices[0].message.content);`,
    python: `# pip install openai; AGENTDOCK_API_KEY=${PLACEHOLDER_KEY}
import os
from openai import OpenAI

client = OpenAI(base_url="${baseUrl}", api_key=os.environ["AGENTDOCK_API_KEY"])

completion = client.chat.completions.create(
    model="${model}",
    messages=[{"role": "user", "content": "${QUESTION}"}],
)
print(completion.choices[0].message.content)`,
  };
}

/** "Use your agents from code": the base URL, one example per language, and what a request costs. */
export function CodeDocs({ model = DEFAULT_MODEL }: { model?: string }) {
  const [language, setLanguage] = useState<Language>('curl');
  const baseUrl = publicApiBaseUrl();
  const code = snippets(baseUrl, model)[language];
  const label = LANGUAGES.find((item) => item.value === language)!.label;
  return (
    <div className="acc-keys__docs">
      <p>
        Any tool or library that speaks the OpenAI API can call your agents: point it at this base URL and give it one of your keys. Each agent is a model, named by its id (
        <code>{model}</code>, …); <code>GET /v1/models</code> lists the ones your key may use.
      </p>
      <div className="acc-keys__base">
        <span id="acc-keys-base-label" className="ad-field__label">
          Base URL
        </span>
        <code aria-labelledby="acc-keys-base-label" data-testid="api-base-url">
          {baseUrl}
        </code>
        <CopyButton text={baseUrl} label="Copy base URL" size="sm" failedText="Could not copy. Select the URL and copy it yourself." />
      </div>
      <Tabs label="Example language" tabs={LANGUAGES} value={language} onChange={setLanguage} className="acc-keys__tabs">
        <div className="acc-keys__snippet">
          <pre tabIndex={0} aria-label={`${label} example`} data-testid="api-snippet">
            <code>{code}</code>
          </pre>
          <CopyButton text={code} label={`Copy ${label} example`} size="sm" failedText="Could not copy. Select the example and copy it yourself." />
        </div>
      </Tabs>
      <p>
        For a streamed answer, send <code>stream: true</code> (add <code>stream_options: {'{ include_usage: true }'}</code> for the token count in the last chunk), exactly as with
        OpenAI.
      </p>
      <ul className="acc-keys__rules">
        <li>Each request counts one of your plan&apos;s monthly API calls and spends credits like the chat does. Chatting on this site does not count as API calls.</li>
        <li>A key with a monthly credit cap is refused once it has spent its cap, even while your wallet holds more.</li>
        <li>
          Every answer carries <code>x-ratelimit-limit-requests</code>, <code>x-ratelimit-remaining-requests</code> and <code>x-ratelimit-reset-requests</code>; too many requests
          get 429 with <code>Retry-After</code>.
        </li>
        <li>Errors use OpenAI&apos;s shape: 401 for a wrong, revoked or expired key, 402 when credits run out, 404 for an agent the key may not use, 429 for limits.</li>
      </ul>
    </div>
  );
}
