import { planChangeConsequence, reactivateConsequence, suspendConsequence } from './consequences';

describe('what a customer tool does, in words', () => {
  it('says a downgrade takes the higher tiers’ agents away now, and that the card is neither charged nor refunded', () => {
    const text = planChangeConsequence({ who: 'Ana', from: 'professional', to: 'starter', planCredits: 911_300 });
    expect(text).toMatch(/^Ana will lose Pro agents now and moves from Pro to Starter\./);
    expect(text).toContain('Their 911,300 remaining plan credits end and Starter’s monthly plan credits start today; purchased credits stay.');
    expect(text).toContain('Their card is not charged or refunded.');
  });

  it('names every tier lost on a drop of more than one', () => {
    expect(planChangeConsequence({ who: 'Ana', from: 'enterprise', to: 'free' })).toMatch(/^Ana will lose Starter, Pro and Enterprise agents now/);
  });

  it('says an upgrade gives the new tiers’ agents and charges nothing', () => {
    const text = planChangeConsequence({ who: 'ana@example.com', from: 'free', to: 'professional' });
    expect(text).toMatch(/^ana@example\.com moves from Free to Pro now and gets Starter and Pro agents\./);
    expect(text).toContain('Their remaining plan credits end and Pro’s monthly plan credits start today');
    expect(text).toContain('Their card is not charged.');
    expect(text).not.toContain('refunded');
  });

  it('says when there is nothing to change', () => {
    expect(planChangeConsequence({ who: 'Ana', from: 'starter', to: 'starter' })).toBe('Ana is already on Starter.');
  });

  it('says suspension signs them out and stops everything but billing', () => {
    const text = suspendConsequence('Ana');
    expect(text).toMatch(/^Ana will be signed out everywhere now and cannot sign in, chat or use their API keys until reactivated\./);
    expect(text).toContain('their card is still charged');
  });

  it('says reactivation gives back the plan and credits they had', () => {
    expect(reactivateConsequence('Ana', 'professional')).toMatch(/^Ana can sign in again now, with their Pro plan and the credits they had/);
  });
});
