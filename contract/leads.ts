import { z } from 'zod';
import { LEAD_ACTIVITIES, LEAD_STATUSES } from '../domain/leads/lead';
import { booleanQuery, calendarDate, idParam, pageQuery } from './common';

export { LEAD_ACTIVITIES, LEAD_STATUSES };

/** Spanish names of a lead's statuses and of where it came from (the leads screens and the lead dashboard). */
export const LEAD_STATUS_LABELS: Readonly<Record<(typeof LEAD_STATUSES)[number], string>> = {
  unfinished: 'Sin terminar',
  downloaded: 'Descargó',
  derivated: 'Derivado',
  rejected: 'Rechazado',
};

export const LEAD_SOURCE_LABELS: Readonly<Record<(typeof LEAD_ACTIVITIES)[number], string>> = {
  contact_request: 'Solicitud de contacto',
  advisor_request: 'Solicitud de asesor',
  quote_downloaded: 'Cotización descargada',
  quote_emailed: 'Cotización por correo',
  reservation: 'Reserva',
  website_visit: 'Visita al sitio',
  chat_message: 'Mensaje de chat',
};

const score = z.coerce.number().int().min(0).max(100);

/** GET /leads: the back office's list, filters as the spec lists them (status, source, project, advisor, score, dates, pre-approved). */
export const leadsQuery = z
  .strictObject({
    status: z.enum(LEAD_STATUSES).optional(),
    source: z.enum(LEAD_ACTIVITIES).optional(),
    projectId: idParam.optional(),
    /** An advisor's user id, or `none` for the leads nobody was assigned. */
    advisorId: idParam.optional(),
    scoreMin: score.optional(),
    scoreMax: score.optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    preApproved: booleanQuery.optional(),
    search: z.string().max(100).optional(),
    ...pageQuery,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'INVALID_DATE', message: 'La fecha final debe ser posterior a la inicial.' } });
    if (q.scoreMin !== undefined && q.scoreMax !== undefined && q.scoreMin > q.scoreMax)
      ctx.addIssue({ code: 'custom', path: ['scoreMax'], params: { code: 'INVALID_VALUE', message: 'El puntaje máximo debe ser mayor o igual al mínimo.' } });
  });
export type LeadsQueryInput = z.input<typeof leadsQuery>;

/** POST /leads/{id}/status: the move and why (the reason is kept in the lead's history). */
export const leadStatusBody = z.strictObject({
  status: z.enum(LEAD_STATUSES),
  reason: z.string().trim().min(3).max(500),
});

/** POST /leads/{id}/assign. */
export const leadAssignBody = z.strictObject({ advisorId: idParam });

const activity = z.object({
  kind: z.string(),
  at: z.string(),
  projectId: z.string().nullable(),
  unitId: z.string().nullable(),
  message: z.string().nullable(),
});

/** One row of the lead's timeline: what the person did, and what the sales team did with the lead. */
export const leadTimelineItem = z.object({
  at: z.string(),
  kind: z.enum([...LEAD_ACTIVITIES, 'status_changed', 'assigned']),
  projectId: z.string().nullable(),
  unitId: z.string().nullable(),
  message: z.string().nullable(),
  from: z.enum(LEAD_STATUSES).nullable(),
  to: z.enum(LEAD_STATUSES).nullable(),
  reason: z.string().nullable(),
  advisorName: z.string().nullable(),
  /** Who did it (the sales team's moves; null for the person's own activity). */
  actorName: z.string().nullable(),
});
export type LeadTimelineItem = z.infer<typeof leadTimelineItem>;

export const leadSummary = z.object({
  id: z.string(),
  name: z.string(),
  dni: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  monthlyIncome: z.number().nullable(),
  source: z.string(),
  status: z.enum(LEAD_STATUSES),
  /** Null when the person opposed profiling (Ley 21.719): the lead is "no perfilado". */
  score: z.number().nullable(),
  profiled: z.boolean(),
  preApproved: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  websiteVisits: z.number(),
  documentsDownloaded: z.number(),
  chatMessages: z.number(),
  contactRequests: z.number(),
  reservations: z.number(),
  projectIds: z.array(z.string()),
  advisorId: z.string().nullable(),
  advisorName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  /** When the promised contact is due (24 hours after the first contact request, else after the assignment). */
  contactDueAt: z.string().nullable(),
  firstContactAt: z.string().nullable(),
  /** The promise is overdue: due, not contacted yet, and the lead still open. */
  contactOverdue: z.boolean(),
  previousLeadId: z.string().nullable(),
});
export type LeadSummary = z.infer<typeof leadSummary>;

export const leadsPage = z.object({ items: z.array(leadSummary), total: z.number(), page: z.number(), perPage: z.number() });

export const leadDetail = leadSummary.extend({
  activities: z.array(activity.passthrough()),
  timeline: z.array(leadTimelineItem),
  /** The moves the lead allows from its status now (empty once derivated or rejected). */
  allowedStatuses: z.array(z.enum(LEAD_STATUSES)),
  /** What the caller may do: the status moves (advisor: own leads), assignment (administrators). */
  can: z.object({ changeStatus: z.boolean(), assign: z.boolean() }),
});
export type LeadDetail = z.infer<typeof leadDetail>;

export const leadAdvisors = z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) });
export type LeadAdvisor = z.infer<typeof leadAdvisors>['items'][number];

/** POST /leads/:id/status. */
export const leadStatusChangedResponse = z.object({ id: z.string(), status: z.enum(LEAD_STATUSES) });
/** POST /leads/:id/assign. */
export const leadAssignedResponse = z.object({ id: z.string(), advisorId: z.string() });
/** POST /leads/:id/pre-approval. */
export const leadPreApprovedResponse = z.object({ id: z.string(), preApproved: z.literal(true) });
