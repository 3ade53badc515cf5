import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * The public home's editable sections (stream `site-content-home`). The shape of each section is the
 * contract's (contract/content.ts) and is checked at the edge; what the aggregate decides is that a change
 * is recorded once, with who and when, and that saving the same content again records nothing.
 */
export type HomeContentEvent = DomainEvent<'HomeSectionUpdated', { section: string; content: Record<string, unknown>; updatedBy: string; updatedAt: string }>;

export type HomeContentCommand = { type: 'UpdateHomeSection'; section: string; content: Record<string, unknown> };

export interface HomeContentState {
  /** The sections an editor has saved, by name; a Map, since names come from the caller. */
  readonly sections: ReadonlyMap<string, Record<string, unknown>>;
}

/** Key order does not make content different. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

export const homeContentDecider: Decider<HomeContentCommand, HomeContentState, HomeContentEvent> = {
  initialState: () => ({ sections: new Map() }),
  evolve: (state, event) => ({ sections: new Map(state.sections).set(event.data.section, event.data.content) }),
  decide: (command: HomeContentCommand, state: HomeContentState, meta: CommandMetadata): HomeContentEvent[] => {
    const current = state.sections.get(command.section);
    if (current && canonical(current) === canonical(command.content)) return [];
    return [
      { type: 'HomeSectionUpdated', data: { section: command.section, content: command.content, updatedBy: meta.actorId, updatedAt: meta.now.toISOString() } },
    ];
  },
};

export const HOME_CONTENT_STREAM = 'site-content-home';
