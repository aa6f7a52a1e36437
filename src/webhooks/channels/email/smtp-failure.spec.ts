import { classifySmtpError } from './smtp-failure';

describe('classifySmtpError', () => {
  it('classifies a refused connection as a connection failure to retry', () => {
    const f = classifySmtpError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }));
    expect(f).toMatchObject({ kind: 'connection', permanent: false, responseCode: null });
  });

  it('classifies a 535 as an authentication failure to retry', () => {
    const f = classifySmtpError(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535, response: '535 Invalid credentials' }));
    expect(f).toMatchObject({ kind: 'auth', permanent: false, responseCode: 535, message: '535 Invalid credentials' });
  });

  it('classifies a 550 on RCPT TO as a permanently rejected recipient', () => {
    const f = classifySmtpError(Object.assign(new Error('all recipients were rejected'), { code: 'EENVELOPE', responseCode: 550 }));
    expect(f).toMatchObject({ kind: 'rejected_recipient', permanent: true });
  });

  it('classifies a 4xx as a temporary refusal to retry', () => {
    const f = classifySmtpError(Object.assign(new Error('try later'), { code: 'EENVELOPE', responseCode: 451 }));
    expect(f).toMatchObject({ kind: 'temporary', permanent: false });
  });

  it('classifies a 5xx after DATA as a rejected message', () => {
    const f = classifySmtpError(Object.assign(new Error('spam'), { code: 'EMESSAGE', responseCode: 554 }));
    expect(f).toMatchObject({ kind: 'rejected_message', permanent: true });
  });
});
