import type { LeadStatus } from '../../domain/leads/lead';

/** A lead in the back office's list (spec §3 Lead fields), as the leads projection keeps it. */
export interface LeadDoc {
  _id: string;
  [key: string]: unknown;
  email: string;
  status: LeadStatus;
  createdAt: string;
  lastActivityAt: string;
  source?: string;
  score?: number | null;
  advisorId?: string | null;
  promisedAt?: string | null;
  assignedAt?: string | null;
  contactDueAt?: string | null;
  firstContactAt?: string | null;
  projectIds?: string[];
  userId?: string;
  /** How many activities its pages hold (LEAD_ACTIVITIES). */
  activityCount?: number;
}

/** What the lead dashboard needs of a lead: its status, source, score, advisor, contact promise and scope. */
export const LEAD_ROW_FIELDS = [
  'status',
  'source',
  'score',
  'advisorId',
  'promisedAt',
  'assignedAt',
  'contactDueAt',
  'firstContactAt',
  'projectIds',
  'userId',
] as const;
export type LeadRow = Pick<LeadDoc, 'status'> & Partial<Pick<LeadDoc, (typeof LEAD_ROW_FIELDS)[number]>>;
