import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('replaces the values of credential query parameters, whatever their case', () => {
    expect(redactUrl('/v1/account?api_key=rw_live_abc&x=1')).toBe('/v1/account?api_key=[REDACTED]&x=1');
    expect(redactUrl('/v1/x?KEY=a&Token=b&secret=c&PassWord=d&keep=e')).toBe('/v1/x?KEY=[REDACTED]&Token=[REDACTED]&secret=[REDACTED]&PassWord=[REDACTED]&keep=e');
  });

  it('reads parameter names as the query parser does (escapes, brackets)', () => {
    expect(redactUrl('/v1/x?api%5Fkey=a&token[]=b&api+key=c')).toBe('/v1/x?api%5Fkey=[REDACTED]&token[]=[REDACTED]&api+key=c');
    expect(redactUrl('/v1/x?%zz=a&monkey=b')).toBe('/v1/x?%zz=a&monkey=b');
  });

  it('replaces the token of an unsubscribe link', () => {
    expect(redactUrl('/app/unsubscribe/eyJ3IjoxfQ.c2ln')).toBe('/app/unsubscribe/[REDACTED]');
    expect(redactUrl('/App/Unsubscribe/eyJ3IjoxfQ.c2ln?token=x')).toBe('/App/Unsubscribe/[REDACTED]?token=[REDACTED]');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/v1/changes?workspace_id=1&after=abc')).toBe('/v1/changes?workspace_id=1&after=abc');
    expect(redactUrl('/app/workspaces/1/changes')).toBe('/app/workspaces/1/changes');
  });
});
