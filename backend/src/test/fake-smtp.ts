import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A mail server on 127.0.0.1 (the smtp-server package) that keeps every message, parsed by
// mailparser, so tests read what a customer's mail client would show.

export interface FakeSmtp {
  /** The SMTP_URL that reaches it with its test login. */
  url: string;
  mails: ParsedMail[];
  /** Envelope recipients of each message, in order. */
  recipients: string[][];
  /** 'accept', or refuse every message with a 550 (a mailbox that does not exist). */
  answer: 'accept' | 'refuse';
  /** Resolves once `count` messages have arrived (they are parsed as they arrive). */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const fake: FakeSmtp = {
    url: '',
    mails: [],
    recipients: [],
    answer: 'accept',
    received: (count) =>
      fake.mails.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    // The plain-text login only over this loopback test connection.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'quotes' && auth.password === 'smtp-secret')
        return callback(null, { user: 'quotes' });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (fake.answer === 'refuse') {
        stream.resume();
        stream.on('end', () => {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          fake.recipients.push(session.envelope.rcptTo.map((r) => r.address));
          fake.mails.push(mail);
          for (const w of waiters.filter((w) => fake.mails.length >= w.count)) w.resolve();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  fake.url = `smtp://quotes:smtp-secret@127.0.0.1:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
