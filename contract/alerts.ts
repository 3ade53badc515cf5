import { z } from 'zod';
import { idParam } from './common';

export const setAlertBody = z.strictObject({ projectId: idParam, unitId: idParam.optional() });

// ---- answers ----

/** An alert the buyer sees: waiting, or already answered by a mail (removed ones are not listed). */
const ALERT_STATUSES = ['active', 'notified'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** POST /alerts (201); setting the same alert again answers the one already waiting. */
export const availabilityAlertResponse = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  /** Null: any unit of the project. */
  unitId: z.string().nullable(),
  unitNumber: z.string().nullable(),
  status: z.enum(ALERT_STATUSES),
  createdAt: z.string(),
});

/** A row of GET /alerts/mine. */
export const myAlertResponse = availabilityAlertResponse.extend({
  notifiedAt: z.string().nullable(),
  /** The unit whose release the buyer was told about (for a project alert, whichever freed up). */
  notifiedUnitId: z.string().nullable().optional(),
  notifiedUnitNumber: z.string().nullable().optional(),
});

/** GET /alerts/mine: newest first. */
export const myAlertsResponse = z.object({ items: z.array(myAlertResponse), total: z.number().int() });
/** DELETE /alerts/:id. */
export const alertRemovedResponse = z.object({ id: z.string(), removed: z.literal(true) });

export type AlertTarget = { readonly projectId: string; readonly unitId: string | null };
export type AvailabilityAlert = z.infer<typeof availabilityAlertResponse>;
export type MyAlert = z.infer<typeof myAlertResponse>;
export type MyAlertsAnswer = z.infer<typeof myAlertsResponse>;
