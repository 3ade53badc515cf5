import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  id: string;
  /** The Message-ID header: the outbox gives each mail one, and repeats it when it delivers the mail again. */
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
  attachments: { filename: string; contentType: string; size: number; content: Buffer }[];
}

/**
 * An SMTP server that keeps what it receives (newest first, bounded): the dev default mail relay,
 * shown in the back office, and the mailbox tests read. Loopback only, no auth, no TLS. Given a directory
 * it keeps each mail there as a file too (answering DATA only once written), and starts from what is there.
 */
export class SmtpSink {
  private readonly mails: CapturedMail[] = [];
  private readonly listeners = new Set<(mail: CapturedMail) => void>();
  private readonly seen = new Set<string>();
  /** Deliveries acknowledged but not kept: a Message-ID already received (an idempotent receiver). */
  duplicates = 0;
  private readonly server: SMTPServer;

  private closing: Promise<void> | null = null;

  /** `acceptDelayMs` holds each answer to DATA back (tests: mails caught in flight by a kill -9). */
  constructor(
    private readonly capacity = 500,
    acceptDelayMs = 0,
    /** Recipients answered 550 (a relay refusing for good: the outbox marks such mails bounced). */
    rejectRecipients: RegExp | null = null,
    private readonly directory: string | null = null,
  ) {
    if (directory) this.restore(directory);
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      banner: 'smtp sink',
      onRcptTo: (address, _session, callback) => {
        if (rejectRecipients?.test(address.address)) {
          const refusal = Object.assign(new Error('5.1.1 Destinatario desconocido'), { responseCode: 550 });
          return callback(refusal);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            const messageId = parsed.messageId ?? '';
            if (messageId && this.seen.has(messageId)) {
              this.duplicates++;
              callback();
              return;
            }
            if (messageId) this.seen.add(messageId);
            const mail: CapturedMail = {
              id: randomUUID(),
              messageId,
              to,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              receivedAt: new Date().toISOString(),
              attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size, content: a.content })),
            };
            return this.keep(mail).then(() => {
              for (const listener of this.listeners) listener(mail);
              if (acceptDelayMs > 0) setTimeout(() => callback(), acceptDelayMs);
              else callback();
            });
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  private async keep(mail: CapturedMail): Promise<void> {
    if (this.directory) {
      const file = path.join(this.directory, fileName(mail));
      await fs.promises.writeFile(`${file}.tmp`, JSON.stringify({ ...mail, attachments: mail.attachments.map(storedAttachment) }));
      await fs.promises.rename(`${file}.tmp`, file);
    }
    this.mails.unshift(mail);
    for (const dropped of this.mails.splice(this.capacity)) {
      if (this.directory) await fs.promises.rm(path.join(this.directory, fileName(dropped)), { force: true });
    }
  }

  /** The mails an earlier run kept, newest first (a half-written file from a crash is skipped). */
  private restore(directory: string): void {
    fs.mkdirSync(directory, { recursive: true });
    const files = fs
      .readdirSync(directory)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      try {
        const stored = JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as Omit<CapturedMail, 'attachments'> & {
          attachments: ReturnType<typeof storedAttachment>[];
        };
        const mail = { ...stored, attachments: stored.attachments.map(({ contentBase64, ...a }) => ({ ...a, content: Buffer.from(contentBase64, 'base64') })) };
        if (this.mails.length >= this.capacity) fs.rmSync(path.join(directory, file), { force: true });
        else {
          this.mails.push(mail);
          if (mail.messageId) this.seen.add(mail.messageId);
        }
      } catch {
        // not a mail this sink wrote whole: left alone
      }
    }
  }

  listen(port: number, host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve((this.server.server.address() as AddressInfo).port));
    });
  }

  list(): CapturedMail[] {
    return [...this.mails];
  }

  /** Resolves with the first mail (already received or arriving) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
    const found = this.mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error('No matching mail arrived'));
      }, timeoutMs);
      const listener = (mail: CapturedMail) => {
        if (!match(mail)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(mail);
      };
      this.listeners.add(listener);
    });
  }

  close(): Promise<void> {
    this.closing ??= new Promise((resolve) => this.server.close(() => resolve()));
    return this.closing;
  }
}

/** Sorts by arrival: the ISO instant first (its colons left out for file systems that refuse them). */
const fileName = (mail: CapturedMail): string => `${mail.receivedAt.replace(/[:.]/g, '')}-${mail.id}.json`;

const storedAttachment = ({ content, ...a }: CapturedMail['attachments'][number]) => ({ ...a, contentBase64: content.toString('base64') });
