import { SITE } from '@agentdock/ui';

/** Mail draft to sales for plans quoted by contact (Enterprise). */
export function salesMailto(planName: string): string {
  const subject = `${planName} plan enquiry`;
  const body = [
    'Hello Agentdock team,',
    '',
    `We would like to talk about the ${planName} plan for our organisation.`,
    '',
    'Company:',
    'Team size:',
    'What we would like our agents to do:',
  ].join('\r\n');
  return `mailto:${SITE.salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
