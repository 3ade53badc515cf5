import type { SmsSender } from '../../application/notifications/channels';

export interface SandboxSms {
  readonly to: string;
  readonly text: string;
  readonly sentAt: string;
}

/**
 * SMS without a provider: records what it would send (the last 500), so tests and developers can see it.
 * A real provider is another adapter of the same port.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly messages: SandboxSms[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  async send(to: string, text: string): Promise<void> {
    this.messages.push({ to, text, sentAt: this.now().toISOString() });
    if (this.messages.length > 500) this.messages.shift();
  }

  sent(): readonly SandboxSms[] {
    return [...this.messages];
  }
}
