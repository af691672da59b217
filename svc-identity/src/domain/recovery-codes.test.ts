import { findRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct XXXXX-XXXXX codes and keeps only argon2id hashes of them', async () => {
    const codes = await newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes.map(({ code }) => code)).size).toBe(10);
    for (const { code, hash } of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(hash).not.toContain(code.replace('-', ''));
    }
    // Salted: the same code never hashes alike twice, so a table reveals no repeats.
    expect(new Set(codes.map(({ hash }) => hash)).size).toBe(10);
  });

  it('finds the code typed in any case, with or without the dash or spaces', async () => {
    const codes = await newRecoveryCodes();
    const stored = codes.map(({ hash }, index) => ({ position: index + 1, codeHash: hash }));
    const third = codes[2]!.code;
    await expect(findRecoveryCode(stored, third)).resolves.toMatchObject({ position: 3 });
    await expect(findRecoveryCode(stored, ` ${third.toLowerCase().replace('-', ' ')} `)).resolves.toMatchObject({ position: 3 });
    await expect(findRecoveryCode(stored, 'AAAAA-AAAAA')).resolves.toBeUndefined();
    await expect(findRecoveryCode(stored, '123456')).resolves.toBeUndefined();
  });

  it('reads only codes of the right length and alphabet', () => {
    expect(normalizeRecoveryCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeRecoveryCode('ABCDE-FGHJ')).toBeNull();
    expect(normalizeRecoveryCode('ABCDE-FGHJ0')).toBeNull();
    expect(normalizeRecoveryCode("ABCDE'FGHJK")).toBeNull();
  });
});
