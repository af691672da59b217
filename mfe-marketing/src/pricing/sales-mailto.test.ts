import { SITE } from '@agentdock/ui';
import { salesMailto } from './sales-mailto';

describe('salesMailto', () => {
  it('drafts a mail to sales naming the plan, with the questions sales needs answered', () => {
    const link = new URL(salesMailto('Enterprise'));
    expect(link.protocol).toBe('mailto:');
    expect(link.pathname).toBe(SITE.salesEmail);
    expect(link.searchParams.get('subject')).toBe('Enterprise plan enquiry');
    // Mail clients expect CRLF line breaks in a mailto body.
    expect(link.searchParams.get('body')).toBe(
      [
        'Hello Agentdock team,',
        '',
        'We would like to talk about the Enterprise plan for our organisation.',
        '',
        'Company:',
        'Team size:',
        'What we would like our agents to do:',
      ].join('\r\n'),
    );
  });

  it('keeps a plan name with reserved characters inside the subject', () => {
    const link = new URL(salesMailto('Teams & Co'));
    expect(link.searchParams.get('subject')).toBe('Teams & Co plan enquiry');
    expect(link.searchParams.get('body')).toContain('the Teams & Co plan');
  });
});
