import { z } from 'zod';
import { calendarDate, labelField, rutField } from './common';

/** Campaigns of partner companies (spec §3, §4) and the companies they belong to. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended', 'eliminated'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Spanish names of a campaign's states (the campaigns screens and the company dashboard). */
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  draft: 'Borrador',
  active: 'Activa',
  paused: 'Pausada',
  ended: 'Terminada',
  eliminated: 'Eliminada',
};
/** Launched before its start day, a campaign is scheduled ("Programada") until that day comes (Chile's calendar day, yyyy-mm-dd). */
export const SCHEDULED_CAMPAIGN_LABEL = 'Programada';
export const isScheduledCampaign = (campaign: { readonly status: string; readonly startDate: string }, today: string): boolean =>
  campaign.status === 'active' && campaign.startDate.slice(0, 10) > today;

/** The status a person reads: "Programada" for an active campaign that has not started, else the status's label. */
export const campaignStatusLabel = (campaign: { readonly status: CampaignStatus; readonly startDate: string }, today: string): string =>
  isScheduledCampaign(campaign, today) ? SCHEDULED_CAMPAIGN_LABEL : CAMPAIGN_STATUS_LABELS[campaign.status];

export const CAMPAIGN_MOVES = ['launch', 'pause', 'resume', 'end', 'eliminate'] as const;
export type CampaignMove = (typeof CAMPAIGN_MOVES)[number];

export const campaignFields = z.strictObject({
  name: labelField(2, 120),
  description: z.string().trim().min(1).max(2000),
  startDate: calendarDate,
  /** Null: the campaign runs until it is ended. */
  endDate: calendarDate.nullable(),
  autoEnrollment: z.boolean(),
  selfEnrollmentByRut: z.boolean(),
});

export const createCampaignBody = campaignFields.extend({ companyId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
export type CreateCampaign = z.infer<typeof createCampaignBody>;
export const changeCampaignBody = campaignFields.partial();
export type ChangeCampaign = z.infer<typeof changeCampaignBody>;

export const campaignMoveBody = z.strictObject({ reason: z.string().trim().max(400).optional() });
export const enrolmentBody = z.strictObject({ rut: rutField });

export const campaignItem = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  autoEnrollment: z.boolean(),
  selfEnrollmentByRut: z.boolean(),
  enrolledCount: z.number().int(),
  createdAt: z.string().optional(),
});
export type CampaignItem = z.infer<typeof campaignItem>;
export const campaignsResponse = z.object({ items: z.array(campaignItem) });

export const campaignDetail = campaignItem.extend({ revision: z.number().int() });
export type CampaignDetail = z.infer<typeof campaignDetail>;

/** What anyone may see of a campaign on its public page (nothing about who enrolled). */
export const publicCampaign = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  companyName: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  selfEnrollmentByRut: z.boolean(),
});
export type PublicCampaign = z.infer<typeof publicCampaign>;

const COMPANY_KINDS = ['employer', 'real_estate'] as const;
export const companyItem = z.object({
  id: z.string(),
  name: z.string(),
  rut: z.string(),
  kind: z.enum(COMPANY_KINDS),
  description: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  registeredAt: z.string(),
});
export type CompanyItem = z.infer<typeof companyItem>;
export const companiesResponse = z.object({ items: z.array(companyItem) });
export const companiesQuery = z.strictObject({ kind: z.enum(COMPANY_KINDS).optional() });

/** POST /campaigns/:id/enrolments (201). */
export const enrolledResponse = z.object({ campaignId: z.string(), enrolled: z.literal(true) });
