#!/usr/bin/env node
// A test SMTP sink for the composed stack (deploy/docker-compose.ci.yml): accepts every message on
// SMTP (port 1025, no TLS, no authentication) and keeps it in memory, and lists what it received
// over HTTP (port 8025):
//   GET /messages?to=<address>   → { messages: [{ id, from, to, subject, text, links, receivedAt }] }
//   GET /healthz                 → ok
// Plain node, no dependencies, so it runs in the node image as it is. For tests only: it keeps
// everything, trusts everyone and forgets it all on restart.
import { createServer as createTcpServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const SMTP_PORT = Number(process.env.SMTP_PORT ?? 1025);
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 8025);
const MAX_MESSAGES = 1_000;
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
const messages = [];

/** Decodes RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) in a header value. */
function decodeWords(value) {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset, encoding, text) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** Headers (lower-cased names, folded lines joined) and body of one MIME entity. */
function splitEntity(raw) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The decoded text of every text/* part (text/plain first), walking multipart entities. */
function textParts(raw) {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    return parts.filter((part) => !part.startsWith('--')).flatMap((part) => textParts(part.replace(/^\r?\n/, '')));
  }
  if (!/^text\//i.test(type)) return [];
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body, 'latin1');
  const text = bytes.toString('utf8');
  return [{ type: type.split(';')[0].toLowerCase(), text }];
}

function store(from, to, raw) {
  const { headers } = splitEntity(raw);
  const parts = textParts(raw).sort((a, b) => (a.type === 'text/plain' ? -1 : 0) - (b.type === 'text/plain' ? -1 : 0));
  const text = parts.map((part) => part.text).join('\n');
  const links = [...new Set([...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, '&')))];
  messages.push({ id: randomUUID(), from, to, subject: decodeWords(headers.subject ?? ''), text, links, receivedAt: new Date().toISOString() });
  if (messages.length > MAX_MESSAGES) messages.shift();
  console.log(`[smtp-sink] message for ${to.join(', ')}: ${decodeWords(headers.subject ?? '')}`);
}

const address = (argument) => /<([^>]*)>/.exec(argument)?.[1] ?? argument.replace(/^[^:]*:/, '').trim();

createTcpServer((socket) => {
  let buffer = '';
  let data = null; // the message being received after DATA
  let from = '';
  let to = [];
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 smtp-sink ESMTP ready');
  socket.setEncoding('latin1');
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        const startEnd = data === '' && buffer.startsWith('.\r\n') ? 0 : -1;
        if (end === -1 && startEnd === -1) {
          if (buffer.length > MAX_MESSAGE_BYTES) {
            reply('552 message too large');
            socket.end();
          }
          return;
        }
        const body = startEnd === 0 ? '' : buffer.slice(0, end);
        buffer = buffer.slice(startEnd === 0 ? 3 : end + 5);
        // Dot-stuffing undone (RFC 5321 4.5.2); bytes back to UTF-8.
        store(from, to, Buffer.from(body.replace(/^\.\./gm, '.'), 'latin1').toString('utf8'));
        data = null;
        from = '';
        to = [];
        reply('250 OK: queued');
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-smtp-sink');
        reply('250-8BITMIME');
        reply('250-SMTPUTF8');
        reply(`250 SIZE ${MAX_MESSAGE_BYTES}`);
      } else if (verb === 'HELO') reply('250 smtp-sink');
      else if (verb === 'MAIL') {
        from = address(line);
        to = [];
        reply('250 OK');
      } else if (verb === 'RCPT') {
        to.push(address(line).toLowerCase());
        reply('250 OK');
      } else if (verb === 'DATA') {
        if (to.length === 0) reply('503 RCPT first');
        else {
          data = '';
          reply('354 End data with <CR><LF>.<CR><LF>');
        }
      } else if (verb === 'RSET') {
        from = '';
        to = [];
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('502 Command not implemented');
    }
  });
}).listen(SMTP_PORT, '0.0.0.0', () => console.log(`[smtp-sink] SMTP on ${SMTP_PORT}`));

createHttpServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (url.pathname === '/healthz') return void res.end('ok');
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    return void res.end(JSON.stringify({ messages: to ? messages.filter((message) => message.to.includes(to)) : messages }));
  }
  res.statusCode = 404;
  res.end('not found');
}).listen(HTTP_PORT, '0.0.0.0', () => console.log(`[smtp-sink] HTTP on ${HTTP_PORT}`));

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
