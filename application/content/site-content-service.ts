import { handleCommand, type CommandResult } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { CommandMetadata } from '../../domain/shared/event';
import { HOME_CONTENT_STREAM, homeContentDecider, type HomeContentEvent } from '../../domain/content/home-content';
import { legalDocumentDecider, legalStream, type LegalDocumentEvent } from '../../domain/content/legal-document';

/** The back office's site content: the home's sections and the versioned legal documents. */
export class SiteContentService {
  constructor(private readonly events: EventStore) {}

  /** `ifMatch`: the revision the editor loaded; a save over someone else's change is refused (412). */
  updateHomeSection(section: string, content: Record<string, unknown>, meta: CommandMetadata, ifMatch?: number): Promise<CommandResult<HomeContentEvent>> {
    return handleCommand(this.events, HOME_CONTENT_STREAM, homeContentDecider, { type: 'UpdateHomeSection', section, content }, meta, { ifMatch });
  }

  publishLegalDocument(kind: string, title: string, body: string, meta: CommandMetadata): Promise<CommandResult<LegalDocumentEvent>> {
    return handleCommand(this.events, legalStream(kind), legalDocumentDecider, { type: 'PublishLegalDocument', kind, title, body }, meta);
  }
}
