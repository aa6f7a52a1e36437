import { findDate, parseDate, stripDate } from './dates';

describe('parseDate', () => {
  it.each([
    ['2021-09-29T19:08:58Z', '2021-09-29'],
    ['Published on 17 Dec 2021', '2021-12-17'],
    ['December 17th, 2021', '2021-12-17'],
    ['Dec 17, 2021', '2021-12-17'],
    ['2024/06/14', '2024-06-14'],
    ['17.12.2021', '2021-12-17'],
    ['12/31/2023', '2023-12-31'],
    ['17. Dezember 2021', '2021-12-17'],
    ['Date: 21-February-2025', '2025-02-21'],
    ['3-Feb-2025', '2025-02-03'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it('does not guess ambiguous or impossible dates', () => {
    expect(parseDate('03/04/2024')).toBeNull();
    expect(parseDate('2021-02-30')).toBeNull();
    expect(parseDate('3 hours ago')).toBeNull();
  });

  it('does not read a calendar version as a date', () => {
    expect(parseDate('Release 2024.06.1')).toBeNull();
  });
});

describe('findDate and stripDate', () => {
  it('locates the date in a heading and removes it with its clock time', () => {
    expect(findDate('v2.4.9 - 2021-09-29T19:08:58Z')).toMatchObject({ date: '2021-09-29', index: 9 });
    expect(stripDate('v2.4.8 (Pre-release) - 2021-09-22T19:01:46Z')).toBe('v2.4.8 (Pre-release) -');
  });
});
