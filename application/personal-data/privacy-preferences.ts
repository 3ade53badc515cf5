import { processingStream, type ProcessingRestrictions } from '../../domain/personal-data/processing-restrictions';
import { processingRestrictionsDecider } from '../../domain/personal-data/processing-restrictions.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { legalVersionsInForce } from '../content/legal-versions';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import { restrictionsOf } from './processing-guard';

/** The text a person agrees to when they accept marketing email (kept with the consent event). */
export const MARKETING_CONSENT_TEXT =
  'Acepto recibir correos comerciales de la plataforma (ofertas, proyectos y campañas). Puedo retirar este consentimiento en cualquier momento desde "Mis datos".';

/** Why the restriction changed, when the person changes it themselves. */
const SELF_SERVICE_REASON = 'Elegido por el titular en "Mis datos"';

export interface PrivacyChoices {
  readonly marketingEmails?: boolean;
  readonly opposeMarketing?: boolean;
  readonly opposeProfiling?: boolean;
}

export interface PrivacyPreferencesDeps {
  readonly events: EventStore;
  /** The person's lead ids (by account and by email), whose scoring follows their opposition to profiling. */
  readonly leadIdsOf: (userId: string) => Promise<string[]>;
  readonly setLeadProfiling: (leadIds: readonly string[], profiling: boolean, meta: CommandMetadata) => Promise<number>;
}

/**
 * The person's own choices under Ley 21.719, from "Mis datos" and the sign-up form: consent to marketing
 * email (apart from the service), opposition to marketing, opposition to profiling. Each change is an
 * event on `processing-<userId>` naming the person and why; an unchanged choice records nothing.
 */
export class PrivacyPreferences {
  constructor(private readonly deps: PrivacyPreferencesDeps) {}

  of(userId: string): Promise<ProcessingRestrictions> {
    return restrictionsOf(this.deps.events, userId);
  }

  async set(
    userId: string,
    choices: PrivacyChoices,
    meta: CommandMetadata,
    source: 'sign-up' | 'self-service' = 'self-service',
  ): Promise<{ position: number }> {
    const stream = processingStream(userId);
    const common = { userId, requestId: null, reason: source === 'sign-up' ? 'Elegido por el titular al registrarse' : SELF_SERVICE_REASON };
    let position = 0;
    const run = async (command: Parameters<typeof processingRestrictionsDecider.decide>[0]) => {
      position = Math.max(position, (await handleCommand(this.deps.events, stream, processingRestrictionsDecider, command, meta)).position);
    };
    if (choices.marketingEmails !== undefined) {
      const { privacyVersion } = await legalVersionsInForce(this.deps.events, meta.now);
      await run({ type: 'SetMarketingConsent', ...common, consent: choices.marketingEmails, text: MARKETING_CONSENT_TEXT, privacyVersion, source });
    }
    if (choices.opposeMarketing !== undefined) await run({ type: 'SetMarketingOpposition', ...common, opposed: choices.opposeMarketing });
    if (choices.opposeProfiling !== undefined) {
      const before = await this.of(userId);
      await run({ type: 'SetProfilingOpposition', ...common, opposed: choices.opposeProfiling });
      // The leads follow at once: an opposition leaves them unscored ("no perfilado"), its withdrawal rescores them.
      if (!before.processingBlocked) {
        const leads = await this.deps.leadIdsOf(userId);
        position = Math.max(position, await this.deps.setLeadProfiling(leads, !choices.opposeProfiling, meta));
      }
    }
    return { position };
  }
}
