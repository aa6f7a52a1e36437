import { normalizeEmail } from './email';

describe('email normal form', () => {
  it('lower-cases İ to a plain i, as Postgres lower() does', () => {
    expect(normalizeEmail('alİce@Example.test')).toBe('alice@example.test');
  });

  it('folds compatibility forms (NFKC) and trims', () => {
    expect(normalizeEmail(' ａｌｉｃｅ@ｅｘａｍｐｌｅ.test ')).toBe('alice@example.test');
    expect(normalizeEmail('\u212Aate@example.test')).toBe('kate@example.test');
  });

  it('maps each letter alone, with no final-sigma rule', () => {
    expect(normalizeEmail('ΣΑΣ@example.test')).toBe('σασ@example.test');
  });

  it('is stable: a normal form normalises to itself', () => {
    for (const email of ['alİce@Example.test', 'ａｌｉｃｅ@x.test', 'ΣΑΣ@x.test', 'ǅemo@x.test']) {
      expect(normalizeEmail(normalizeEmail(email))).toBe(normalizeEmail(email));
    }
  });
});
