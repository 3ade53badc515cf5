import type { AppConfig } from '../../application/config';
import type { EventStore } from '../../application/ports/event-store';
import type { Mailer } from '../../application/ports/mailer';
import type { ReadStore } from '../../application/ports/read-store';
import { TOKENS } from '../../application/ports/tokens';
import type { KafkaReadSide } from '../kafka/kafka-read-side';
import { SmtpMailer } from '../smtp/smtp-mailer';
import { createContainer } from './container';

type Log = (message: string, error?: unknown) => void;

/** Where no SMTP relay is configured, a worker cannot reach the API's in-process sink: it says so and drops. */
export const droppingMailer = (log: Log): Mailer => ({
  async send(mail) {
    log(`no SMTP_HOST configured: mail "${mail.subject}" to ${mail.to} dropped`);
    return { messageId: 'dropped' };
  },
});

export interface Workers {
  readonly readSide: KafkaReadSide;
  stop(): Promise<void>;
}

/**
 * The relay and/or projectors of distributed mode without the HTTP API (`npm run relay`,
 * `npm run projector -- <name>`): the same container as the API, so they run the same projection list.
 */
export const startWorkers = async (config: AppConfig, log: Log): Promise<Workers> => {
  if (config.mode !== 'distributed') throw new Error('The relay and projector processes need MODE=distributed');
  const mailer = config.smtp ? new SmtpMailer(config.smtp, config.mailFrom) : droppingMailer(log);
  const container = createContainer(config, mailer, log);
  const readSide = container.get<KafkaReadSide>(TOKENS.ProjectionRunner);
  await readSide.start();
  return {
    readSide,
    async stop() {
      await readSide.stop();
      await container.get<EventStore>(TOKENS.EventStore).close();
      await container.get<ReadStore>(TOKENS.ReadStore).close();
      if (mailer instanceof SmtpMailer) mailer.close();
    },
  };
};
