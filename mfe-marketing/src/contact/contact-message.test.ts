import { contactMailto, validateContact } from './contact-message';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We need an agent for our sales calls.' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(validateContact({ name: '', email: '', message: '' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    });
  });

  it('treats whitespace as empty', () => {
    expect(validateContact({ name: '  ', email: ' ', message: '\n\t' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'ada@exa mple.com'])('rejects the address %p', (email) => {
    expect(validateContact({ ...valid, email })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it.each(['ada@example.com', 'ada.lovelace+agents@mail.example.co.uk', ' ada@example.com '])('accepts the address %p', (email) => {
    expect(validateContact({ ...valid, email })).toEqual({});
  });
});

describe('contactMailto', () => {
  it('addresses a draft with subject and body built from the fields', () => {
    const url = new URL(contactMailto('sales@agentdock.example', { ...valid, name: ' Ada Lovelace ' }));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('sales@agentdock.example');
    expect(url.searchParams.get('subject')).toBe('Agentdock enquiry from Ada Lovelace');
    expect(url.searchParams.get('body')).toBe('Name: Ada Lovelace\r\nEmail: ada@example.com\r\n\r\nWe need an agent for our sales calls.');
  });

  it('percent-encodes characters that would break the URL', () => {
    const url = contactMailto('sales@agentdock.example', { name: 'R&D', email: 'rd@example.com', message: 'Costs? 100% & more #1' });
    expect(url).not.toMatch(/[ #]|&(?!body=)/);
    expect(url).toContain('subject=Agentdock%20enquiry%20from%20R%26D');
    expect(decodeURIComponent(url.split('body=')[1]!)).toContain('Costs? 100% & more #1');
  });
});
