import { findDate, headingYear, parseDate, parseMonthDay, stripDate } from './dates';

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

describe('parseMonthDay and headingYear', () => {
  it('reads a year-less day in the year its section names', () => {
    expect(parseMonthDay('July\u00a013', 2023)).toBe('2023-07-13');
    expect(parseMonthDay('Apr. 25', 2023)).toBe('2023-04-25');
    expect(parseMonthDay('13th Sept', 2022)).toBe('2022-09-13');
    expect(parseMonthDay('July 13, 2023', 2022)).toBeNull();
    expect(parseMonthDay('Announcing Rust 1.71.0', 2023)).toBeNull();
    expect(parseMonthDay('Feb 30', 2023)).toBeNull();
  });

  it('reads the one year a short heading names', () => {
    expect(headingYear('Posts in 2023')).toBe(2023);
    expect(headingYear('2019 to 2023')).toBeNull();
    expect(headingYear('Releases')).toBeNull();
  });
});
