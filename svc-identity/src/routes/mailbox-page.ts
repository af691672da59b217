import type { MailboxMessage } from '@agentdock/contracts';
import { escapeHtml as escape } from '../domain/html';

/** Only the stylesheet below may apply; nothing on the page may run or load anything. */
export const MAILBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #111; background: #f6f7f9; }
main { max-width: 48rem; margin: 0 auto; }
article { background: #fff; border: 1px solid #d0d4da; border-radius: 8px; padding: 1rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .75rem; margin: 0 0 .75rem; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; font: inherit; background: #f6f7f9; padding: .75rem; border-radius: 6px; }
a { color: #0b57d0; }
a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`;

function renderMessage(message: MailboxMessage): string {
  const links = message.links.length ? `<h3>Links</h3><ul>${message.links.map((link) => `<li><a href="${escape(link)}">${escape(link)}</a></li>`).join('')}</ul>` : '';
  return `<article aria-labelledby="m-${message.id}">
<h2 id="m-${message.id}">${escape(message.subject)}</h2>
<dl><dt>To</dt><dd>${escape(message.to)}</dd><dt>Sent</dt><dd><time datetime="${message.sentAt}">${escape(new Date(message.sentAt).toUTCString())}</time></dd></dl>
<pre>${escape(message.text)}</pre>
${links}
</article>`;
}

/**
 * The local mailbox as a plain page: every email newest first, with its links clickable. The
 * text version is shown, never the stored HTML, so a message can carry nothing active.
 */
export function renderMailboxPage(messages: MailboxMessage[]): string {
  const body = messages.length ? messages.map(renderMessage).join('\n') : '<p>No emails yet. Sign up, or ask for a sign-in link or password reset, and the email appears here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Local mailbox</h1>
<p>Every email Agentdock sent on this machine (development only; reload to see new ones).</p>
${body}
</main>
</body>
</html>`;
}
