import { conversationTitleFrom } from '@agentdock/contracts';

/** Words that open a message but say nothing about its subject. */
const GREETING = /^(?:hi|hello|hey|good (?:morning|afternoon|evening))(?: there)?\b[\s,!.:;-]*/i;
const REQUEST = /^(?:please[\s,]+)?(?:(?:can|could|would|will) you(?: please)?[\s,]+|i(?: would|'d) like you to\s+|i (?:want|need) you to\s+|help me(?: to)?\s+|please[\s,]+)/i;
const TRAILING_PLEASE = /[\s,]+please\s*[.!?]*$/i;

/** The message's subject: greeting, "could you please…" and a closing "please" left out. */
function subjectOf(message: string): string {
  const subject = message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(GREETING, '')
    .replace(REQUEST, '')
    .replace(TRAILING_PLEASE, '')
    .replace(/[\s?!.:;,]+$/, '');
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

/** The reply's own heading, or else its first sentence, as plain words. */
function replySubject(reply: string): string {
  const lines = reply.split(/\r?\n/).map((line) => line.trim());
  const heading = lines.find((line) => /^#{1,6}\s+\S/.test(line));
  const first = heading ?? lines.find((line) => line.length > 0) ?? '';
  const plain = first
    .replace(/^#{1,6}\s+|^[>*+-]\s+|^\d+\.\s+/g, '')
    .replace(/[*_`~[\]]/g, '')
    .trim();
  return heading ? plain : (plain.split(/(?<=[.!?])\s/)[0] ?? plain).replace(/[\s.!?:;,]+$/, '');
}

/**
 * "Refined when the reply ends": the title once the first exchange is known. The message's
 * subject, without the greeting and the "could you please" around it; where the message says
 * nothing more than a greeting or a word ("Hi!", "Help"), the reply's heading or first sentence.
 * Keeps the title the message gave when neither says more.
 */
export function refinedConversationTitle(message: string, reply: string): string {
  const subject = subjectOf(message);
  if (subject.split(' ').filter(Boolean).length >= 2) return conversationTitleFrom(subject);
  const answered = replySubject(reply);
  if (answered.split(' ').filter(Boolean).length >= 2) return conversationTitleFrom(answered);
  return conversationTitleFrom(message);
}
