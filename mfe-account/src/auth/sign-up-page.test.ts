import { signUpLead } from './sign-up-page';

describe('signUpLead', () => {
  it('names the plan and period chosen on the pricing page, and the free start otherwise', () => {
    expect(signUpLead(`?returnUrl=${encodeURIComponent('/pricing?checkout=starter&period=monthly')}`)).toBe(
      'Create your account to start the Starter plan, billed monthly: after you confirm your email you go straight to its checkout.',
    );
    expect(signUpLead(`?returnUrl=${encodeURIComponent('/pricing?checkout=professional&period=annual')}`)).toContain('the Pro plan, billed annually');
    expect(signUpLead('')).toBe('Start on the Free plan and upgrade whenever you are ready.');
    expect(signUpLead(`?returnUrl=${encodeURIComponent('/courses')}`)).toBe('Start on the Free plan and upgrade whenever you are ready.');
  });
});
